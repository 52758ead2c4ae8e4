import { ProjectChat } from './chat/project-chat.tsx';
import { ProjectArea } from './project-area.tsx';

/** /project/chat/{id}: the project's conversation (docs/adr/0022-project-chat.md). */
export function ProjectChatPage() {
  return <ProjectArea>{(project) => <ProjectChat project={project} />}</ProjectArea>;
}
