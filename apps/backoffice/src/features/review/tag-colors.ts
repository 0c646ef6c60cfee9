// antd's 'success' and 'warning' tags draw #52c41a / #faad14 text on pale fills (2.2:1 and 1.8:1,
// found by axe on the case view). A hex colour makes a solid tag with white text: these two carry it
// at 5.4:1 and 5.2:1 (WCAG 1.4.3). 'error' and 'processing' follow the theme's AA tokens already.
export const TAG_OK = '#237804';
export const TAG_ATTENTION = '#ad4e00';
