import AntdDialog from 'antd-mobile/es/components/dialog';
import { setupAntdRender } from '../../lib/antd-render';

// Dialog.show/alert/confirm render imperatively: they need the React 19 render function.
setupAntdRender();
const Dialog = AntdDialog;
export default Dialog;
