import type { ThemeConfig } from 'antd';

// WCAG 2.2 AA (issue #14): antd's default blue #1677ff carries white text at 4.1:1 and its grey
// secondary text (45% black) reads at 3.4:1 on white, both under 4.5:1. These tokens keep every
// text colour the console uses at 4.5:1 or more on white and on the light fills antd puts under
// selected items (ratios computed from WCAG's relative luminance).
export const CONSOLE_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9', // white on it 6.2:1; on the selected menu item's #e6f4ff 5.5:1
    // antd derives a lighter hover (#2e7ae6, white on it 4.4:1): the pointer rests on a button
    // after a click, so hover and press go darker instead
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLink: '#0958d9',
    colorLinkHover: '#003eb3',
    colorError: '#cf1322', // 5.6:1 on white: the fields' error messages are text in this colour
    colorTextDescription: 'rgba(0, 0, 0, 0.65)', // #595959 on white, 7.0:1
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)', // #666, 5.7:1
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'PingFang HK', 'Noto Sans CJK SC', 'Microsoft YaHei', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    // a table's "nothing here" row is text a person reads, not a disabled control: antd draws it in
    // colorTextDisabled (25 % black, #bfbfbf, 1.8:1); axe found it on five console pages (issue #22)
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.65)' },
  },
};
