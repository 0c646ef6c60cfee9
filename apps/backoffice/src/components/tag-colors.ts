// The console's tag colours. antd 6 draws a tag given a hex colour "filled": 12 px text in the
// colour on a light tint of it (TAG_OK: #237804 on #edfee6, 5.4:1 as axe measured it on the staff
// page), so each colour must read at 4.5:1 or more on white and on a 10 % tint of itself, and the
// same colour as a solid fill under white text (WCAG 2.2 1.4.3; tag-colors.test.ts computes every
// ratio). antd's preset tags ('success', 'warning', 'processing') draw their text in the
// default palette on pale fills: #52c41a and #faad14 read at 2.2:1 and 1.8:1, and "Changed since
// last review" in 'processing' #1677ff on #e6f4ff at 3.66:1 (issue #22 finding 10). None is used.
export const TAG_OK = '#237804'; // white on it 5.6:1
export const TAG_ATTENTION = '#ad4e00'; // 5.4:1
export const TAG_CHANGED = '#0958d9'; // 6.2:1, the console's primary
export const TAG_ERROR = '#a8071a'; // 7.8:1

/** Every colour above, for the contrast test. */
export const TAG_COLORS = { TAG_OK, TAG_ATTENTION, TAG_CHANGED, TAG_ERROR } as const;
