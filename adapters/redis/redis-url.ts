/** A Redis URL as logs and errors may show it: its password (and a user's name with it) replaced by `***`. */
export function redactedRedisUrl(url: string): string {
  if (!URL.canParse(url)) return '(a URL that does not parse)';
  const parsed = new URL(url);
  if (parsed.password !== '' || parsed.username !== '') {
    parsed.username = '';
    parsed.password = '***';
  }
  return parsed.href;
}
