/** Where to go after login: the `redirect` query parameter when it is a path of this app. */
export function safeRedirect(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/pages/mine/login')) {
    return '/pages/home/home';
  }
  return target;
}
