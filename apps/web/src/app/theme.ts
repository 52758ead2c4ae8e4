import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** One brand colour (a calm indigo); everything else is Mantine's neutral grays. */
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dcdefa',
  '#b5b9ef',
  '#8c93e5',
  '#6a72dc',
  '#545dd7',
  '#4852d5',
  '#3a44bd',
  '#323caa',
  '#273397',
];

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 7 keeps white text on buttons and brand links on white above WCAG AA (7:1).
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // One input size (and with it one label size) in every form and filter (docs/product.md §F5).
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    NumberInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md', placeholder: 'Not set' } },
    MultiSelect: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    DateInput: { defaultProps: { size: 'md' } },
    // A spinner is a live status: the role lets its aria-label ('Loading updates') reach screen readers,
    // which a bare span with aria-label may not (axe aria-prohibited-attr).
    Loader: { defaultProps: { role: 'status' } },
    // One label size in every form, whatever the input's own size (docs/product.md §F5: a form mixed md and sm).
    InputWrapper: {
      styles: { label: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600, marginBottom: 4 } },
    },
    // Links read as brand text, underlined on hover only (not the browser's underlined blue).
    Anchor: { defaultProps: { underline: 'hover', fw: 500 } },
    Badge: { defaultProps: { color: 'brand' } },
    // A light alert's title in its own colour misses WCAG AA on its tint (yellow: #e67700 on #fff3bf,
    // 2.68:1); the title reads as text, the icon and the tint keep the alert's colour.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
    Pagination: { defaultProps: { color: 'brand' } },
    // Mantine renders a modal's and a drawer's header as <header>; inside a role="dialog" section that is
    // a second banner landmark (axe landmark-no-duplicate-banner). A div keeps the layout and drops the
    // landmark, once for every Modal/Drawer (ModalBaseHeader passes `component` on to its Box).
    ModalHeader: { defaultProps: { component: 'div' } },
    // A toast's close button has a name (axe button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Mantine's default dimmed gray (3.3:1 on white) and error red (3.6:1) miss WCAG AA for small text;
 * these read at 6:1 and 5.6:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#575e66',
    '--mantine-color-placeholder': '#6b737b',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
