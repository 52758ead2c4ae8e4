import { can } from '@dd/domain';
import { Alert, Center, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useActor } from '../../auth/api/get-session.ts';
import { type ProjectView, useProject } from '../api/get-project.ts';
import { ChatUnreadBadge } from './chat/chat-unread-badge.tsx';
import { useProjectIdFromPath } from './use-project-id.ts';

const SECTIONS = [
  { value: 'daily-updates', label: 'Daily updates' },
  { value: 'perfomance-report', label: 'Performance report' },
  { value: 'chat', label: 'Chat' },
  { value: 'git', label: 'Git' },
  { value: 'tasks', label: 'Tasks' },
] as const;

/**
 * The project area frame: reads the id from the path (invalid goes home), loads the project once
 * (no retry; nothing shown until loaded), then the title, the section tabs and the section itself.
 */
export function ProjectArea({ children }: { children: (project: ProjectView) => ReactNode }) {
  const id = useProjectIdFromPath();
  const actor = useActor();
  const navigate = useNavigate();
  const section = useLocation().pathname.split('/')[2] ?? '';
  const project = useProject(id);
  // When the project arrives, the title shows at once and the section below mounts as deferred
  // (time-sliced) work: one render of the whole page in a single task blocked the main thread for
  // hundreds of milliseconds (Lighthouse total blocking time, docs/product.md §D8). A cached project renders
  // everything at once.
  const sectionReady = useDeferredValue(project.data !== undefined);
  useDocumentTitle(project.data ? `${project.data.title} · Delivery Desk` : 'Project · Delivery Desk');

  if (id === 0) return <Navigate to="/" replace />;
  if (project.isPending)
    return (
      <Center mih={240} aria-busy="true">
        <Loader aria-label="Loading project" />
      </Center>
    );
  if (project.isError)
    return (
      <Alert color="red" title="This project could not be loaded" maw={640} mx="auto" mt="xl">
        It may not exist, or you may not have access to it.
      </Alert>
    );

  const sections = SECTIONS.filter((s) => s.value !== 'tasks' || can(actor, 'board:use'));
  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'lg' }} maw={1400} mx="auto">
      <Title order={1} size="h2">
        {project.data.title}
      </Title>
      <Tabs
        value={sections.some((s) => s.value === section) ? section : null}
        onChange={(value) => value && navigate(`/project/${value}/${id}`)}
        keepMounted={false}
      >
        <ScrollingTabList section={section}>
          {sections.map((s) => (
            <Tabs.Tab
              key={s.value}
              value={s.value}
              rightSection={s.value === 'chat' ? <ChatUnreadBadge projectId={id} /> : undefined}
            >
              {s.label}
            </Tabs.Tab>
          ))}
        </ScrollingTabList>
      </Tabs>
      {sectionReady ? (
        children(project.data)
      ) : (
        <Center mih={240} aria-busy="true">
          <Loader aria-label="Loading project" />
        </Center>
      )}
    </Stack>
  );
}

/**
 * The tab strip scrolls sideways on a phone: the selected tab is scrolled into view, and a fade with an
 * arrow on the side that has more tabs shows that it scrolls (docs/product.md §F5).
 */
function ScrollingTabList({ section, children }: { section: string; children: ReactNode }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const left = list.scrollLeft > 1;
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
  }, []);
  // Sizes are read when a ResizeObserver reports, right after the browser's own layout of the frame, not
  // in an effect: there they forced a layout of the whole page inside the long task that commits it
  // (docs/adr/0034). Its first report centres the selected tab; later ones (a resized window) re-measure.
  useEffect(() => {
    const list = listRef.current;
    if (!section || !list) return;
    let centred = false;
    const observer = new ResizeObserver(() => {
      const selected = list.querySelector<HTMLElement>('[aria-selected="true"]');
      if (!centred && selected) {
        // Only the strip scrolls, never the page.
        const target = selected.offsetLeft - (list.clientWidth - selected.offsetWidth) / 2;
        list.scrollLeft = Math.max(0, target);
      }
      centred = true;
      measure();
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [section, measure]);
  return (
    <div
      className="dd-tabstrip"
      data-more-left={more.left || undefined}
      data-more-right={more.right || undefined}
    >
      <Tabs.List
        ref={listRef}
        aria-label="Project sections"
        onScroll={measure}
        style={{ overflowX: 'auto', flexWrap: 'nowrap', scrollbarWidth: 'none' }}
      >
        {children}
      </Tabs.List>
      <span className="dd-tabstrip__more dd-tabstrip__more--left" aria-hidden="true">
        ‹
      </span>
      <span className="dd-tabstrip__more dd-tabstrip__more--right" aria-hidden="true">
        ›
      </span>
    </div>
  );
}
