// libxcb, the X11 protocol library, for the desktop bridge (Debian's libxcb1-dev and
// libxcb-xfixes0-dev: linked from their static archives with libXau and libXdmcp,
// which it authenticates with).
#ifndef CXCB_H
#define CXCB_H

#include <xcb/xcb.h>
#include <xcb/xproto.h>
#include <xcb/xfixes.h>

/// An event's code without the bit that marks events another client sent.
static inline uint8_t pbx_event_code(const xcb_generic_event_t *event) {
  return event->response_type & 0x7f;
}

/// Tells `requestor` that its ConvertSelection is answered in `property` (XCB_NONE:
/// refused), as ICCCM 2.2 asks: a SelectionNotify sent with no event mask.
void pbx_send_selection_notify(xcb_connection_t *connection, xcb_window_t requestor, xcb_atom_t selection,
                               xcb_atom_t target, xcb_atom_t property, xcb_timestamp_t time);

/// Asks the XFixes extension for an event whenever `selection` changes owner (or its
/// owner goes away), sent to `window`. Returns the code of those events, or -1 when the
/// server lacks XFixes.
int pbx_watch_selection(xcb_connection_t *connection, xcb_window_t window, xcb_atom_t selection);

#endif
