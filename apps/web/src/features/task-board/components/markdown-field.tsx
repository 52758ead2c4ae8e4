import { Tabs, Textarea, Typography } from '@mantine/core';
import { renderMarkdown } from '../../../lib/render-markdown.ts';

/** Description with Write and Preview tabs: markdown and HTML, sanitized before it is shown (no script runs). */
export function MarkdownField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Tabs defaultValue="write" keepMounted={false}>
      <Tabs.List aria-label="Description mode">
        <Tabs.Tab value="write">Write</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="xs">
        <Textarea
          label="Description"
          description="Markdown and HTML are supported"
          autosize
          minRows={4}
          maxRows={12}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="xs">
        <Typography
          fz="sm"
          style={{ overflowWrap: 'anywhere', minHeight: 80 }}
          data-testid="description-preview"
        >
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown sanitizes with DOMPurify. */}
          <div dangerouslySetInnerHTML={{ __html: renderMarkdown(value || '_Nothing to preview_') }} />
        </Typography>
      </Tabs.Panel>
    </Tabs>
  );
}
