// libxcb, the X11 protocol library, for the desktop bridge (Debian's libxcb1-dev:
// linked from its static archive with libXau and libXdmcp, which it authenticates
// with).
#ifndef CXCB_H
#define CXCB_H

#include <xcb/xcb.h>
#include <xcb/xproto.h>

/// An event's code without the bit that marks events another client sent.
static inline uint8_t pbx_event_code(const xcb_generic_event_t *event) {
  return event->response_type & 0x7f;
}

/// Tells `requestor` that its ConvertSelection is answered in `property` (XCB_NONE:
/// refused), as ICCCM 2.2 asks: a SelectionNotify sent with no event mask.
void pbx_send_selection_notify(xcb_connection_t *connection, xcb_window_t requestor, xcb_atom_t selection,
                               xcb_atom_t target, xcb_atom_t property, xcb_timestamp_t time);

#endif
