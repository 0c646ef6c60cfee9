// Tags of the review screens are solid: a hex colour makes antd draw white 12 px text on it, so
// each colour here must carry white at 4.5:1 or more (WCAG 2.2 1.4.3; tag-colors.test.ts computes
// every ratio). antd's preset tags ('success', 'warning', 'processing') draw their text in the
// default palette on pale fills: #52c41a and #faad14 read at 2.2:1 and 1.8:1, and "Changed since
// last review" in 'processing' #1677ff on #e6f4ff at 3.66:1 (issue #22 finding 10). None is used.
export const TAG_OK = '#237804'; // white on it 5.6:1
export const TAG_ATTENTION = '#ad4e00'; // 5.4:1
export const TAG_CHANGED = '#0958d9'; // 6.2:1, the console's primary
export const TAG_ERROR = '#a8071a'; // 7.8:1

/** Every colour above, for the contrast test. */
export const TAG_COLORS = { TAG_OK, TAG_ATTENTION, TAG_CHANGED, TAG_ERROR } as const;
