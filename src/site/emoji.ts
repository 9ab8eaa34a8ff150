/** The platform stores page emoji as code points (`1f680`, `1f1eb-1f1f7`); pages show characters. */
export function emojiFromCode(code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(code)) {
    const points = code.split('-').map((hex) => Number.parseInt(hex, 16));
    if (points.every((p) => p <= 0x10ffff)) return String.fromCodePoint(...points);
    return undefined;
  }
  // Already a character: keep it if it is short, not plain ASCII, and has no markup characters.
  const nonAscii = [...code].some((char) => (char.codePointAt(0) ?? 0) > 0x7f);
  return code.length <= 16 && nonAscii && !/[<>&"'\s]/.test(code) ? code : undefined;
}
