/** The operator commands compiled beside the server: name → entry. */
export declare const COMMANDS: Record<string, string>;
/** Compiles `entry` (and `more`) to `<outdir>/<name>.mjs` with the heavy worker beside; returns the ms it took. */
export declare function buildApi(opts: {
  entry: string;
  outdir: string;
  name: string;
  more?: Record<string, string>;
}): Promise<number>;
