import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

let done = false;

/**
 * stack notes: antd-mobile's imperative Toast/Dialog/ImageViewer.show need a render function on
 * React 19. Called by lib/toast.ts and components/ui when they load, not by the first page (it
 * brings rc-util and babel helpers, ~3 KB gzipped). A function, not an import for side effects:
 * apps/web/package.json marks src files side-effect free, so a bare import would be dropped.
 */
export function setupAntdRender() {
  if (done) return;
  done = true;
  unstableSetRender((node, container) => {
    const c = container as Element & { _root?: Root };
    c._root ??= createRoot(c);
    c._root.render(node);
    return async () => {
      await new Promise((r) => setTimeout(r, 0));
      c._root?.unmount();
      delete c._root;
    };
  });
}
