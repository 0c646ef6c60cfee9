/** A SHA-256 shortened for the eye (the copy button copies all of it). */
export function shortHash(sha256: string): string {
  return sha256.length > 16 ? `${sha256.slice(0, 12)}…` : sha256;
}

/** A file's size in kB or MB. */
export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}
