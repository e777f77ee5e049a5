#include <string.h>
#include "CXCB.h"

void pbx_send_selection_notify(xcb_connection_t *connection, xcb_window_t requestor, xcb_atom_t selection,
                               xcb_atom_t target, xcb_atom_t property, xcb_timestamp_t time) {
  // SendEvent carries 32 bytes whatever the event's own size.
  char buffer[32];
  memset(buffer, 0, sizeof buffer);
  xcb_selection_notify_event_t *event = (xcb_selection_notify_event_t *)buffer;
  event->response_type = XCB_SELECTION_NOTIFY;
  event->time = time;
  event->requestor = requestor;
  event->selection = selection;
  event->target = target;
  event->property = property;
  xcb_send_event(connection, 0, requestor, XCB_EVENT_MASK_NO_EVENT, buffer);
}
