// spec §7 "a clipboard copy helper exists", §8 copy toasts (2000 ms, spec §9). The async
// Clipboard API where the page may use it; otherwise (an older web view, a page not focused) the
// selection of a hidden text area and execCommand, which in-app browsers still honour.

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (permissions, not focused): try the old way
  }
  return copyBySelection(text);
}

function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  focused?.focus(); // the copy button keeps the focus (keyboard users)
  return copied;
}
