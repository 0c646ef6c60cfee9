declare const __SIGN_SECRET__: string;
