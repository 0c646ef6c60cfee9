// antd-mobile through deep imports only: its package index is marked side-effectful, so importing
// from 'antd-mobile' pulls every component (and react-spring) into the first page's bundle.
// Only what is imported through this index is listed (the rest import their file directly).
export { default as DatePicker } from 'antd-mobile/es/components/date-picker';
export { default as Popup } from 'antd-mobile/es/components/popup';
export { default as Dialog } from './dialog';
