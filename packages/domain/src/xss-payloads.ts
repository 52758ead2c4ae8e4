/**
 * Script-injection attempts every text a user writes must survive as text (bodies, names, file names), and
 * both markdown renderers must make harmless (packages/domain/src/markdown.ts). For tests only: imported as
 * `@dd/domain/xss-payloads`, never by the apps' code.
 */
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

/**
 * More attempts on the markdown renderers alone: URL schemes in disguise, forms, styles, embedded
 * objects, parser confusion. With XSS_PAYLOADS, the list both renderers' tests run.
 */
export const MARKDOWN_XSS_PAYLOADS = [
  ...XSS_PAYLOADS,
  '[x](JaVaScRiPt:window.__xss=1)',
  '[x](java\tscript:window.__xss=1)',
  '[x](&#106;avascript:window.__xss=1)',
  '[x](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  '<a href="vbscript:window.__xss=1">x</a>',
  '<form action="javascript:window.__xss=1"><button>x</button></form>',
  '<style>body{background:url("javascript:window.__xss=1")}</style>',
  '<object data="javascript:window.__xss=1"></object>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<svg><a href="javascript:window.__xss=1"><text>x</text></a></svg>',
] as const;
