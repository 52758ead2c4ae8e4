import type { z } from 'zod';
import { accessTokenListDocumentSchema, accessTokenWithSecretDocumentSchema } from './access-tokens.ts';
import {
  adminCompanyDocumentSchema,
  adminCompanyListDocumentSchema,
  companyDocumentSchema,
  incompleteRegistrationListDocumentSchema,
  projectCreatedDocumentSchema,
  projectListDocumentSchema,
  teamCreatedDocumentSchema,
  teamListDocumentSchema,
  userListDocumentSchema,
  usersByRoleDocumentSchema,
} from './admin.ts';
import {
  projectHistoryDocumentSchema,
  sidebarDocumentSchema,
  sprintDocumentSchema,
  sprintListDocumentSchema,
  tagDocumentSchema,
  tagListDocumentSchema,
  taskCommentDocumentSchema,
  taskCommentListDocumentSchema,
  taskDocumentSchema,
  taskListDocumentSchema,
} from './board.ts';
import {
  availableSlotsDocumentSchema,
  calendarFeedDocumentSchema,
  callActionDocumentSchema,
  projectProgressDocumentSchema,
  scheduledCallDocumentSchema,
  scheduledCallListDocumentSchema,
  staffCallListDocumentSchema,
  weeklyWorkHoursDocumentSchema,
  workHoursSettingsDocumentSchema,
} from './calls.ts';
import {
  chatMailDocumentSchema,
  messageDocumentSchema,
  messageListDocumentSchema,
  messageReadDocumentSchema,
} from './chat.ts';
import { deliveryDocumentSchema, deliveryListDocumentSchema } from './delivery.ts';
import { fileDocumentSchema } from './files.ts';
import {
  gitActivityDocumentSchema,
  repositoryListDocumentSchema,
  repositoryWithSecretDocumentSchema,
} from './git.ts';
import { type CamelKeys, noContentSchema, type ResourceStub } from './jsonapi.ts';
import {
  appConfigDocumentSchema,
  lookupListDocumentSchema,
  reminderSettingDocumentSchema,
  reminderSettingListDocumentSchema,
  techListDocumentSchema,
  timezoneListDocumentSchema,
  tourStateDocumentSchema,
} from './lookups.ts';
import {
  digestSettingDocumentSchema,
  invitationCreatedDocumentSchema,
  invitationDocumentSchema,
  invitationResentDocumentSchema,
  linkDocumentSchema,
  mailOutboxListDocumentSchema,
  pendingInvitationListDocumentSchema,
  projectUpdateDocumentSchema,
  projectUpdateListDocumentSchema,
  settingDocumentSchema,
  settingListDocumentSchema,
} from './misc.ts';
import {
  notificationListDocumentSchema,
  notificationReadDocumentSchema,
  notificationSettingsDocumentSchema,
  setupChecklistDocumentSchema,
} from './notifications.ts';
import { observerDocumentSchema, observerListDocumentSchema } from './observers.ts';
import { ownProjectListDocumentSchema, projectDocumentSchema } from './project.ts';
import { imageDocumentSchema, registrationDocumentSchema } from './registration.ts';
import { projectReportDocumentSchema } from './report.ts';
import {
  emailChangeAnswerSchema,
  forgotDocumentSchema,
  invitedUserDocumentSchema,
  loginDocumentSchema,
  personDocumentSchema,
  resetTokenDocumentSchema,
  userDocumentSchema,
} from './users.ts';

/**
 * The contract between the API and the web app: what each operation answers, named 'METHOD /api/path'
 * as in the OpenAPI document. Each value is the very schema object the route declares as its `response`
 * (apps/api/src/routes/answers.test.ts checks that), and the web app reads the operation through
 * `read(operation, ...)` (apps/web/src/lib/api-client.ts), whose answer type is inferred from it: a field
 * renamed on the server breaks the web's typecheck. That test also fails when a web file calls the API
 * any other way (the untyped `api.get/post/...` is left for the client's own tests).
 */
export const ANSWERS = {
  'GET /api/app-config': appConfigDocumentSchema,
  'GET /api/authorization/check': userDocumentSchema,
  'GET /api/authorization/reset-token': resetTokenDocumentSchema,
  'POST /api/authorization/forgot': forgotDocumentSchema,
  'POST /api/authorization/login': loginDocumentSchema,
  'POST /api/authorization/register': invitedUserDocumentSchema,
  'POST /api/authorization/incomplete-registration': noContentSchema,
  'DELETE /api/authorization/logout': noContentSchema,
  'GET /api/calendar-feed': calendarFeedDocumentSchema,
  'POST /api/calendar-feed/reset': calendarFeedDocumentSchema,
  'GET /api/chat/{id}/mail': chatMailDocumentSchema,
  'PATCH /api/chat/{id}/mail': chatMailDocumentSchema,
  'GET /api/company/search': adminCompanyListDocumentSchema,
  'POST /api/company/create': adminCompanyDocumentSchema,
  'DELETE /api/company/{id}': noContentSchema,
  'GET /api/company-size': lookupListDocumentSchema,
  'GET /api/company-type': lookupListDocumentSchema,
  'GET /api/company-industry': lookupListDocumentSchema,
  'GET /api/company-project-funding': lookupListDocumentSchema,
  'GET /api/project-budget': lookupListDocumentSchema,
  'GET /api/project-size': lookupListDocumentSchema,
  'GET /api/project-start': lookupListDocumentSchema,
  'GET /api/project-state': lookupListDocumentSchema,
  'GET /api/project-type': lookupListDocumentSchema,
  'GET /api/company-size/search': lookupListDocumentSchema,
  'GET /api/company-type/search': lookupListDocumentSchema,
  'GET /api/company-industry/search': lookupListDocumentSchema,
  'GET /api/company-project-funding/search': lookupListDocumentSchema,
  'GET /api/project-budget/search': lookupListDocumentSchema,
  'GET /api/project-size/search': lookupListDocumentSchema,
  'GET /api/project-start/search': lookupListDocumentSchema,
  'GET /api/project-state/search': lookupListDocumentSchema,
  'GET /api/project-type/search': lookupListDocumentSchema,
  'GET /api/project-status/search': lookupListDocumentSchema,
  'GET /api/timezone': timezoneListDocumentSchema,
  'POST /api/image/upload': imageDocumentSchema,
  'GET /api/incomplete-registration/search': incompleteRegistrationListDocumentSchema,
  'GET /api/invitation/my': invitationDocumentSchema,
  'GET /api/invitation/search': pendingInvitationListDocumentSchema,
  'POST /api/invitation/create': invitationCreatedDocumentSchema,
  'POST /api/invitation/{id}/resend': invitationResentDocumentSchema,
  'DELETE /api/invitation/{id}': noContentSchema,
  'GET /api/mail-outbox/search': mailOutboxListDocumentSchema,
  'GET /api/project/search': projectListDocumentSchema,
  'POST /api/project/create': projectCreatedDocumentSchema,
  'DELETE /api/project/{id}': noContentSchema,
  'GET /api/project/{id}/observer': observerListDocumentSchema,
  'POST /api/project/{id}/observer': observerDocumentSchema,
  'GET /api/project/{id}/repositories': repositoryListDocumentSchema,
  'POST /api/project/{id}/repositories': repositoryWithSecretDocumentSchema,
  'GET /api/project/{id}/git-activity': gitActivityDocumentSchema,
  'POST /api/repository/{id}/rotate-secret': repositoryWithSecretDocumentSchema,
  'DELETE /api/repository/{id}': noContentSchema,
  'GET /api/scheduled-call/staff-search': staffCallListDocumentSchema,
  'POST /api/scheduled-call/{id}/approve': scheduledCallDocumentSchema,
  'POST /api/scheduled-call/{id}/decline': scheduledCallDocumentSchema,
  'POST /api/scheduled-call/{id}/cancel': scheduledCallDocumentSchema,
  'POST /api/scheduled-call/{id}/move': scheduledCallDocumentSchema,
  'GET /api/scheduled-call/signed-action': callActionDocumentSchema,
  'POST /api/scheduled-call/signed-action': scheduledCallDocumentSchema,
  'GET /api/setting/search': settingListDocumentSchema,
  'POST /api/setting/create': settingDocumentSchema,
  'PATCH /api/setting/{id}': settingDocumentSchema,
  'GET /api/team/search': teamListDocumentSchema,
  'POST /api/team/create': teamCreatedDocumentSchema,
  'DELETE /api/team/{id}': noContentSchema,
  'GET /api/tech/search': techListDocumentSchema,
  'GET /api/timezone/search': timezoneListDocumentSchema,
  'GET /api/user/search': userListDocumentSchema,
  'GET /api/user/by-role': usersByRoleDocumentSchema,
  'GET /api/user/{id}': userDocumentSchema,
  'PATCH /api/user/{id}': userDocumentSchema,
  'DELETE /api/user/{id}': noContentSchema,
  'POST /api/user/create': userDocumentSchema,
  'POST /api/user/register-client': registrationDocumentSchema,
  'GET /api/work-hours': workHoursSettingsDocumentSchema,
  'PATCH /api/work-hours': workHoursSettingsDocumentSchema,
  // The project page (docs/product.md §C).
  'GET /api/project/mine': ownProjectListDocumentSchema,
  'GET /api/project/{id}': projectDocumentSchema,
  'PATCH /api/project/{id}': projectDocumentSchema,
  'PATCH /api/company/{id}': companyDocumentSchema,
  'PATCH /api/user/{id}/details': personDocumentSchema,
  'POST /api/project/{id}/team-member': personDocumentSchema,
  'GET /api/project/{id}/progress': projectProgressDocumentSchema,
  'GET /api/project/{id}/tour-state': tourStateDocumentSchema,
  'PATCH /api/project/{id}/tour-state': tourStateDocumentSchema,
  'GET /api/project/{id}/deliveries': deliveryListDocumentSchema,
  'POST /api/task/{id}/accept': deliveryDocumentSchema,
  'POST /api/task/{id}/reject': deliveryDocumentSchema,
  'GET /api/project/{id}/report': projectReportDocumentSchema,
  'GET /api/project-update/search': projectUpdateListDocumentSchema,
  'POST /api/project-update/post': projectUpdateDocumentSchema,
  'POST /api/link/create': linkDocumentSchema,
  'POST /api/project/{id}/relationships/link': noContentSchema,
  'DELETE /api/project/{id}/link/{linkId}': noContentSchema,
  'DELETE /api/project/{id}/file/{fileId}': noContentSchema,
  // Sent with XMLHttpRequest for its upload progress (features/project-page/api/upload-file.ts).
  'POST /api/project/{id}/file/upload': fileDocumentSchema,
  'GET /api/reminder-setting/search': reminderSettingListDocumentSchema,
  'POST /api/reminder-setting/create': reminderSettingDocumentSchema,
  'PATCH /api/reminder-setting/{id}': reminderSettingDocumentSchema,
  'GET /api/digest/setting': digestSettingDocumentSchema,
  'PATCH /api/digest/setting': digestSettingDocumentSchema,
  'GET /api/work-hours/weekly': weeklyWorkHoursDocumentSchema,
  'GET /api/scheduled-call/available-slots': availableSlotsDocumentSchema,
  'GET /api/scheduled-call/search': scheduledCallListDocumentSchema,
  'POST /api/scheduled-call/create': scheduledCallDocumentSchema,
  'GET /api/setup/checklist': setupChecklistDocumentSchema,
  // Project chat (docs/adr/0022-project-chat.md).
  'GET /api/project/{id}/messages': messageListDocumentSchema,
  'POST /api/project/{id}/messages': messageDocumentSchema,
  'POST /api/project/{id}/messages/read': messageReadDocumentSchema,
  'POST /api/project/{id}/messages/typing': noContentSchema,
  'PATCH /api/message/{id}': messageDocumentSchema,
  'DELETE /api/message/{id}': noContentSchema,
  // The task board.
  'GET /api/task/search': taskListDocumentSchema,
  'POST /api/task/create': taskDocumentSchema,
  'PATCH /api/task/{id}': taskDocumentSchema,
  'POST /api/task/{id}/editing': noContentSchema,
  'GET /api/sprint/search': sprintListDocumentSchema,
  'POST /api/sprint/create': sprintDocumentSchema,
  'PATCH /api/sprint/{id}': sprintDocumentSchema,
  'GET /api/tag/search': tagListDocumentSchema,
  'POST /api/tag/create': tagDocumentSchema,
  'PATCH /api/tag/{id}': tagDocumentSchema,
  'DELETE /api/tag/{id}': noContentSchema,
  'GET /api/task-comment/search': taskCommentListDocumentSchema,
  'POST /api/task-comment/create': taskCommentDocumentSchema,
  'GET /api/project-history/search': projectHistoryDocumentSchema,
  'GET /api/page-tasks/sidebar': sidebarDocumentSchema,
  // Notifications and the email-change link.
  'GET /api/notification/search': notificationListDocumentSchema,
  'POST /api/notification/read': notificationReadDocumentSchema,
  'GET /api/notification/settings': notificationSettingsDocumentSchema,
  'PATCH /api/notification/settings': notificationSettingsDocumentSchema,
  'POST /api/email-change/confirm': emailChangeAnswerSchema,
  'POST /api/email-change/cancel': emailChangeAnswerSchema,
  'POST /api/access-token': accessTokenWithSecretDocumentSchema,
  'GET /api/access-token/search': accessTokenListDocumentSchema,
  'DELETE /api/access-token/{id}': noContentSchema,
} as const satisfies Record<string, z.ZodType>;

export type AnswerOperation = keyof typeof ANSWERS;
/** The answer document of an operation, as its schema describes it (kebab-case, unresolved). */
export type AnswerDocument<K extends AnswerOperation> = z.infer<(typeof ANSWERS)[K]>;

/** Attributes a relationship of the same name replaces (the deserializer writes relationships last). */
type Without<T, Keys> = { [K in keyof T as K extends Keys ? never : K]: T[K] };
type FlatResource<R, Relations extends Record<string, unknown>> = R extends {
  type: string;
  attributes: object;
}
  ? { id: string; type: R['type'] } & Without<CamelKeys<R['attributes']>, keyof Relations> & Relations
  : never;
type FlatData<D, Relations extends Record<string, unknown>> = D extends null | undefined
  ? null
  : D extends readonly (infer R)[]
    ? FlatResource<R, Relations>[]
    : FlatResource<D, Relations>;

/**
 * `data` of an answer as the web client's deserializer hands it over: camelCased attributes beside `id`
 * and `type`; the relationships the caller reads are named in `Relations` (see AnswerIncluded).
 */
export type AnswerData<
  K extends AnswerOperation,
  Relations extends Record<string, unknown> = Record<never, never>,
> = AnswerDocument<K> extends { data: infer D } ? FlatData<D, Relations> : null;

/** `meta` of an answer, camelCased. */
export type AnswerMeta<K extends AnswerOperation> =
  AnswerDocument<K> extends { meta?: infer M } ? CamelKeys<NonNullable<M>> : Record<string, unknown>;

/** A resource an `include` may add to the answer, as the deserializer resolves it into a relationship. */
export type AnswerIncluded<K extends AnswerOperation> =
  AnswerDocument<K> extends { included?: readonly (infer I)[] }
    ? FlatResource<I, Record<never, never>>
    : never;

/** A relationship as the deserializer hands it over: the included resource, or a stub when not included. */
export type Related<T> = T | ResourceStub;
