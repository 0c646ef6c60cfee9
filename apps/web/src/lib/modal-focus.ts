// Issue #16 (WCAG 2.4.3, 2.4.11, 2.1.2): a full-screen or modal dialog takes the focus when it opens,
// keeps Tab inside it while open, closes on Escape and gives the focus back to what opened it.
// antd-mobile's Popup and Dialog do none of this.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface HoldFocusOptions {
  /** Escape pressed: the dialog's own close. */
  onEscape: () => void;
  /** Where focus goes first; the dialog itself (made focusable) when absent. */
  initial?: HTMLElement | null;
  /** What gets the focus back; the element focused when the dialog opened when absent. */
  opener?: HTMLElement | null;
}

/** Holds the keyboard inside `dialog` until the returned function is called. */
export function holdFocus(dialog: HTMLElement, opts: HoldFocusOptions): () => void {
  const active = document.activeElement;
  const opener = opts.opener ?? (active instanceof HTMLElement && !dialog.contains(active) ? active : null);
  // the page behind is out of reach for Tab and for a screen reader's reading cursor alike
  const root = document.getElementById('root');
  const background = root && !root.contains(dialog) ? root : null;
  if (background) background.inert = true;

  const first = opts.initial ?? dialog;
  if (first === dialog && !dialog.hasAttribute('tabindex')) dialog.tabIndex = -1;
  first.focus();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      opts.onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const now = document.activeElement;
    if (items.length === 0) {
      event.preventDefault();
      dialog.focus();
      return;
    }
    const [head, tail] = [items[0]!, items[items.length - 1]!];
    const outside = !(now instanceof Node) || !dialog.contains(now) || now === dialog;
    if (event.shiftKey && (now === head || outside)) {
      event.preventDefault();
      tail.focus();
    } else if (!event.shiftKey && (now === tail || (outside && now !== dialog))) {
      event.preventDefault();
      head.focus();
    }
  };
  document.addEventListener('keydown', onKeyDown, true);

  return () => {
    document.removeEventListener('keydown', onKeyDown, true);
    if (background) background.inert = false;
    if (opener?.isConnected) opener.focus();
  };
}
