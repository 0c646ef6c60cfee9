import AntdToast from 'antd-mobile/es/components/toast';
import { setupAntdRender } from '../../lib/antd-render';

// Toast.show renders imperatively: it needs the React 19 render function.
setupAntdRender();
const Toast = AntdToast;
export default Toast;
