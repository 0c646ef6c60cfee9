export declare const root: string;
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: string[];
export declare function freePort(): Promise<number>;
export declare function ensureChromium(): string;
export declare function ensureWebBuild(): boolean;
/** Compiles apps/api/dist/server.mjs when missing or older than the API's or the domain's source. */
export declare function ensureApiBuild(): void;
export interface RunningServer {
  url: string;
  port: number;
  logFile: string;
  printLog(): void;
  stop(): Promise<void>;
  /** SIGKILL, as a crash: no shutdown hook runs. */
  kill(): Promise<void>;
}
export declare function startServer(opts: {
  name: string;
  env?: Record<string, string>;
  databaseUrl?: string;
  /** A fixed port instead of a free one (a server started again at the same address). */
  port?: number;
  /** A data directory kept by the caller (not removed by `stop`) instead of a fresh temporary one. */
  dataDir?: string;
  /** How long it may take to answer /healthz (90 s). */
  readyWithinS?: number;
}): Promise<RunningServer>;
