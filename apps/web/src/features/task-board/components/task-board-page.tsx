import { ComingSoon } from '../../../lib/ui/coming-soon.tsx';

/** Coming soon: a later feature replaces this file with the real screen (the route and guard are in place). */
export function TaskBoardPage() {
  return (
    <ComingSoon
      title={'Task board'}
      purpose={"The project's sprints and tasks, in columns you can arrange."}
      plans={[
        'Current sprint, new tasks, done and one column per tag',
        'Start, finish, deliver, accept or reject tasks inside a sprint',
      ]}
    />
  );
}
