import type Dialog from 'antd-mobile/es/components/dialog';
import { holdFocus } from './modal-focus';

/** What a confirm dialog says (lib/toast.ts's `confirmDialog` takes it and loads this module). */
export interface ConfirmOptions {
  title?: string;
  content: string;
  confirmText: string;
  cancelText: string;
}

/**
 * antd-mobile's confirm, made a modal dialog for the keyboard and screen readers (issue #16): named
 * by its title and described by its text, focus held inside while it is open, Escape cancels, focus
 * back to `opener` once it is gone. Loaded with the dialog, not with the login screen.
 */
export function showConfirm(
  dialogApi: typeof Dialog,
  opts: ConfirmOptions,
  opener: HTMLElement | null,
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let release = () => {};
    let settled = false;
    const finish = (confirmed: boolean) => {
      if (settled) return;
      settled = true;
      handler.close();
      resolve(confirmed);
    };
    const handler = dialogApi.show({
      title: opts.title,
      content: opts.content,
      bodyClassName: 'app-confirm',
      'aria-label': opts.title ?? opts.content,
      actions: [
        [
          { key: 'cancel', text: opts.cancelText, onClick: () => finish(false) },
          { key: 'confirm', text: opts.confirmText, bold: true, onClick: () => finish(true) },
        ],
      ],
      afterShow: () => {
        const body = document.querySelector<HTMLElement>('.app-confirm');
        if (!body || settled) return;
        const dialog = body.closest<HTMLElement>('[role="dialog"]') ?? body;
        const text = body.querySelector('.adm-dialog-content');
        if (text) {
          text.id ||= 'app-confirm-text';
          dialog.setAttribute('aria-describedby', text.id);
        }
        dialog.setAttribute('aria-modal', 'true');
        release = holdFocus(dialog, { onEscape: () => finish(false), opener });
      },
      afterClose: () => release(),
    });
  });
}
