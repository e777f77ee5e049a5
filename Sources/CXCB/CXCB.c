#include <stdlib.h>
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

int pbx_watch_selection(xcb_connection_t *connection, xcb_window_t window, xcb_atom_t selection) {
  const xcb_query_extension_reply_t *extension = xcb_get_extension_data(connection, &xcb_xfixes_id);
  if (!extension || !extension->present) return -1;
  xcb_xfixes_query_version_reply_t *version =
      xcb_xfixes_query_version_reply(connection, xcb_xfixes_query_version(connection, 5, 0), NULL);
  if (!version) return -1;
  free(version);
  xcb_xfixes_select_selection_input(connection, window, selection,
                                    XCB_XFIXES_SELECTION_EVENT_MASK_SET_SELECTION_OWNER |
                                        XCB_XFIXES_SELECTION_EVENT_MASK_SELECTION_WINDOW_DESTROY |
                                        XCB_XFIXES_SELECTION_EVENT_MASK_SELECTION_CLIENT_CLOSE);
  return extension->first_event + XCB_XFIXES_SELECTION_NOTIFY;
}
