/**
 * How a call of the case page ended: the case as it is now, or why not (a 409: someone changed it
 * first). Its own module so the modals and items that report one do not import the case page that
 * renders them (issue #23: that was an import circle).
 */
export type ActionOutcome = { ok: true } | { ok: false; isConflict: boolean; message: string };
