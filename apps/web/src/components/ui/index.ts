// antd-mobile through deep imports only: its package index is marked side-effectful, so importing
// from 'antd-mobile' pulls every component (and react-spring) into the first page's bundle.
export { default as Button } from 'antd-mobile/es/components/button';
export { default as Checkbox } from 'antd-mobile/es/components/checkbox';
export { default as DatePicker } from 'antd-mobile/es/components/date-picker';
export { default as ImageViewer } from 'antd-mobile/es/components/image-viewer';
export { default as Input } from 'antd-mobile/es/components/input';
export { default as List } from 'antd-mobile/es/components/list';
export { default as NavBar } from 'antd-mobile/es/components/nav-bar';
export { default as Popup } from 'antd-mobile/es/components/popup';
export { default as ProgressBar } from 'antd-mobile/es/components/progress-bar';
export { default as SpinLoading } from 'antd-mobile/es/components/spin-loading';
export { AppButton, type AppButtonProps } from './app-button';
export { default as Dialog } from './dialog';
export { default as Toast } from './toast';
