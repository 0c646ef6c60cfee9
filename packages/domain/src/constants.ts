// spec §9 business constants. Every number here is a product requirement, not a tuning knob.

export const LANGUAGES = ['zh-CN', 'zh-HK', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** A value that is one of the product's languages (a stored choice, a cookie). */
export const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);
/**
 * The cookie the web app mirrors the person's language choice into, so that the server can send
 * /login prerendered in it (decision 029).
 */
export const LANG_COOKIE = 'hk_lang';
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export const API_VERSION_TAG = 'hk9.0'; // spec §7: 'v9' is sent as 'hk9.0'
export const OPEN_TYPE = 'NewAccount';
export const DEFAULT_CA_TYPE = 'sz';

export const SMS_COUNTDOWN_S = 60;
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_S = 300;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_PER_MOBILE_INTERVAL_S = 60;
export const SMS_PER_MOBILE_PER_HOUR = 5;
export const SMS_PER_MOBILE_PER_DAY = 10;
export const SMS_PER_IP_PER_HOUR = 20;
/** Image captchas one IP may ask for in an hour: six per SMS the IP may send, and then some. */
export const CAPTCHA_PER_IP_PER_HOUR = 150;
/** CN and HK need the image captcha once a mobile or IP has asked this many times in the last hour. */
export const SMS_FREE_REQUESTS_PER_HOUR = 2;
/**
 * Login guessing (issue #5 §4.7): wrong SMS codes one client address may give in an hour, over
 * every mobile. Past it the address gets LOGIN_IP_LIMIT, even for a right code, until the hour ends.
 */
export const LOGIN_WRONG_CODES_PER_IP_PER_HOUR = 20;
/** Login guessing: after this many wrong codes for a mobile (last hour, since its last login), login needs the captcha. */
export const LOGIN_FREE_WRONG_CODES = 3;

export const CAPTCHA_WIDTH = 88;
export const CAPTCHA_HEIGHT = 29;
export const CAPTCHA_FONT_SIZE = 13;
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_S = 300;
/** No 0/O, 1/I/L, 2/Z, 5/S, 8/B: characters that a person can read one way only. */
export const CAPTCHA_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
/**
 * The accessible alternative to the image (issue #16, decision 014): the browser finds the number
 * n ≤ POW_MAX_NUMBER with SHA-256(salt + n) = challenge, on average POW_MAX_NUMBER / 2 hashes.
 */
export const POW_MAX_NUMBER = 200_000;

export const SESSION_TTL_S = 86400;
export const SIGN_MAX_SKEW_MS = 5 * 60 * 1000;

export const STORAGE_PREFIX = 'hk_';
export const STORAGE_USER_KEY = 'open_user'; // stored as hk_open_user
export const STORAGE_USER_TTL_S = 86400;
export const STORAGE_DEFAULT_TTL_S = 7200;
export const SESSION_ID_KEY = 'H5_SESSION_ID';
export const SESSION_ID_LENGTH = 16;

export const UPLOAD_MAX_BYTES = 6 * 1024 * 1024;
export const IMAGE_MAX_WIDTH = 1000;
export const IMAGE_QUALITY = 0.8;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const TEXT_MAX = 200;
export const FIRST_VISIT_FLAG_MS = 2300;
export const TOAST_MS = 2000;
export const CAPTCHA_WARNING_TOAST_MS = 4000;
export const MARGIN_AGE_THRESHOLD = 65;
/** issue #5 §4.4: ID-number confirmations one application may make in 24 hours (a guessing oracle otherwise). */
export const ID_CHECKS_PER_DAY = 10;

/**
 * spec §4: entry links from these partners carry their own `token` parameter, which is not ours
 * (a trailing-dot variant of each is accepted too).
 */
export const PARTNER_SOURCES_WITHOUT_URL_TOKEN = ['dzh', 'dzhapp'] as const;
