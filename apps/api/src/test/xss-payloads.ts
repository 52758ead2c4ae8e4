/** Script-injection attempts every text a user writes must survive as text (bodies, names, file names). */
export const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"></svg>',
  '[link](javascript:window.__xss=1)',
  '<a href="javascript:window.__xss=1">x</a>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '"><script>window.__xss=1</script>',
  '<details open ontoggle="window.__xss=1">',
  '![x](x" onerror="window.__xss=1)',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
] as const;
