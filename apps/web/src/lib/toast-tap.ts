/** Whether the toast on screen may be tapped away (every kind but loading, spec §4). */
let isTapDismissable = false;
let clearToast: () => void = () => {};
let listening = false;

/**
 * antd-mobile's toast has no tap-to-close: one capturing listener closes the toast on screen when its
 * box is tapped (the page around it stays usable: taps there are the page's).
 */
export function setTapDismissable(dismissable: boolean, clear: () => void) {
  isTapDismissable = dismissable;
  clearToast = clear;
  if (listening) return;
  listening = true;
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      if (isTapDismissable && target?.closest?.('.adm-toast-main')) {
        isTapDismissable = false;
        clearToast();
      }
    },
    true,
  );
}
