import {
  canLeaveWizardStep,
  isSkippableWizardStep,
  LABELS,
  MESSAGES,
  registerClientErrorText,
  WIZARD_STEPS,
  wizardNextStep,
  wizardPreviousStep,
  wizardStep6MemberSchema,
  wizardStep6VisitorSchema,
} from '@dd/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { Logo } from '../../../lib/ui/logo.tsx';
import { useTechs } from '../api/get-techs.ts';
import { type Choice, useWizardLookup } from '../api/get-wizard-lookup.ts';
import { type RegisterClientRequest, useRegisterClient } from '../api/register-client.ts';
import { saveIncompleteRegistration } from '../api/save-incomplete-registration.ts';
import { TrustedBy } from './trusted-by.tsx';
import { clearDraft, EMPTY_DRAFT, loadDraft, useDraftAutosave, type WizardDraft } from './wizard-draft.ts';
import {
  type AccountErrors,
  AccountStep,
  DescribeStep,
  SingleChoiceStep,
  TechStep,
} from './wizard-steps.tsx';
import './get-started.css';

const MIN_SENT = 3;
const longEnough = (text: string) => (text.trim().length > MIN_SENT ? text : undefined);
const titleOf = (choices: Choice[], id: number | null) => choices.find((c) => c.id === id)?.title;

function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Step 6 validation with the product's messages, from the same schemas the server uses. */
function validateAccount(draft: WizardDraft, signedIn: boolean): AccountErrors {
  const result = signedIn
    ? wizardStep6MemberSchema.safeParse({ title: draft.title })
    : wizardStep6VisitorSchema.safeParse({
        title: draft.title,
        name: draft.name,
        email: draft.email,
        phone: draft.phone,
        password: draft.password,
      });
  if (result.success) return {};
  const errors: AccountErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof AccountErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** What a failed register-client call shows (docs/product.md §C5, §C8): taken e-mail or login on the email field. */
function describeRegisterFailure(error: unknown): { errors: AccountErrors; alert: string | null } {
  if (!isApiError(error)) return { errors: {}, alert: MESSAGES.genericError };
  const { code, title } = error.firstError ?? {};
  if (code === 'email_taken') return { errors: { email: MESSAGES.emailTaken }, alert: null };
  if (code === 'login_taken') return { errors: { email: MESSAGES.loginTaken }, alert: null };
  if (error.status === 429 && title) return { errors: {}, alert: title };
  const field = error.pointerField;
  if (
    error.status === 422 &&
    title &&
    field &&
    ['title', 'name', 'email', 'phone', 'password'].includes(field)
  )
    return { errors: { [field]: title }, alert: null };
  return { errors: {}, alert: registerClientErrorText(code) };
}

/** The get-started wizard (docs/product.md §C2, §C4): six steps, then one call creates account, company and project. */
export function GetStartedPage({ signedIn }: { signedIn: boolean }) {
  useDocumentTitle('Get started · Delivery Desk');
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [draft, setDraft] = useState<WizardDraft>(() => loadDraft() ?? EMPTY_DRAFT);
  const [errors, setErrors] = useState<AccountErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const registered = useRef(false);
  const touched = useRef(false);

  const states = useWizardLookup('project-state');
  const budgets = useWizardLookup('project-budget');
  const sizes = useWizardLookup('company-size');
  const types = useWizardLookup('project-type');
  const techs = useTechs();
  const register = useRegisterClient();

  const update = useCallback((patch: Partial<WizardDraft>) => {
    touched.current = true;
    setDraft((current) => ({ ...current, ...patch }));
  }, []);

  useDraftAutosave(draft, !registered.current);

  // The referral code arrives as ?ref=...; it is kept in the draft and removed from the address.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const ref = params.get('ref');
    if (ref === null) return;
    params.delete('ref');
    if (ref.trim()) setDraft((current) => ({ ...current, code: ref.trim().slice(0, 100) }));
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location.search, location.pathname, location.hash, navigate]);

  // The first option of state, budget and size is preselected (docs/product.md §C4).
  useEffect(() => {
    setDraft((current) => {
      const patch: Partial<WizardDraft> = {};
      if (current.projectStateId === null && states.data?.[0]) patch.projectStateId = states.data[0].id;
      if (current.projectBudgetId === null && budgets.data?.[0]) patch.projectBudgetId = budgets.data[0].id;
      if (current.companySizeId === null && sizes.data?.[0]) patch.companySizeId = sizes.data[0].id;
      return Object.keys(patch).length ? { ...current, ...patch } : current;
    });
  }, [states.data, budgets.data, sizes.data]);

  const otherTypeId = useMemo(
    () => types.data?.find((t) => t.title.toLowerCase() === 'other')?.id ?? null,
    [types.data],
  );

  // On leaving, what a visitor typed goes to the server for follow-up, never the password (docs/product.md §C4).
  const latest = useRef({ draft, states, budgets, sizes, types, techs });
  latest.current = { draft, states, budgets, sizes, types, techs };
  useEffect(() => {
    if (signedIn) return;
    const onPageHide = () => {
      if (registered.current || !touched.current) return;
      const { draft: d, states: st, budgets: bu, sizes: si, types: ty, techs: te } = latest.current;
      const techTitles = new Map(
        (te.data ?? []).flatMap((g) => g.items.map((i) => [i.value, i.label] as const)),
      );
      saveIncompleteRegistration({
        step: d.step,
        'user-email': d.email || undefined,
        'user-name': d.name || undefined,
        'user-phone': d.phone || undefined,
        'user-timezone': browserTimezone(),
        'user-role': 'client',
        'project-title': d.title || undefined,
        'project-description': d.description || undefined,
        'project-tech': d.techIds.map((id) => techTitles.get(id) ?? id).join(', ') || undefined,
        'project-budget': titleOf(bu.data ?? [], d.projectBudgetId),
        'project-type':
          d.projectTypeIds.map((id) => titleOf(ty.data ?? [], id) ?? String(id)).join(', ') || undefined,
        'project-start': titleOf(st.data ?? [], d.projectStateId),
        'company-name': d.title || undefined,
        'company-size': titleOf(si.data ?? [], d.companySizeId),
      });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [signedIn]);

  const step = signedIn && draft.step === 5 ? 6 : draft.step;
  const goTo = (next: number) => {
    setAlert(null);
    setDraft((current) => ({ ...current, step: next }));
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const back = () => {
    if (step > 1) return goTo(wizardPreviousStep(step, signedIn));
    if (window.history.length > 2) navigate(-1);
    else navigate('/login/signin');
  };

  const submit = () => {
    const found = validateAccount(draft, signedIn);
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length > 0) return;
    const project = {
      title: draft.title.trim(),
      project_state_id: draft.projectStateId ?? 0,
      description: longEnough(draft.description),
      project_type_ids: draft.projectTypeIds,
      tech_ids: draft.techIds.map(Number),
      project_budget_id: draft.projectBudgetId ?? 0,
      addition:
        otherTypeId !== null && draft.projectTypeIds.includes(otherTypeId)
          ? longEnough(draft.addition)
          : undefined,
    };
    const request: RegisterClientRequest = {
      company: { title: project.title, company_size_id: signedIn ? undefined : draft.companySizeId },
      project,
      ...(signedIn
        ? {}
        : {
            user: {
              role: 'client',
              name: draft.name.trim(),
              email: draft.email.trim(),
              password: draft.password,
              phone: draft.phone.trim(),
              code: draft.code || undefined,
              timezone: browserTimezone(),
            },
          }),
    };
    register.mutate(request, {
      onSuccess: ({ projectId }) => {
        registered.current = true;
        clearDraft();
        navigate(`/project/daily-updates/${projectId}`, { replace: true, state: { welcome: true } });
      },
      onError: (error) => {
        const failure = describeRegisterFailure(error);
        setErrors(failure.errors);
        setAlert(failure.alert);
      },
    });
  };

  const title =
    step === 6
      ? signedIn
        ? LABELS.wizardStep6Member
        : LABELS.wizardStep6Visitor
      : LABELS.wizardSteps[step - 1];
  const canLeave = canLeaveWizardStep(step, draft);
  const stepProps = { draft, update, labelledBy: titleId };
  // Signed-in clients skip step 5, so they see five steps.
  const visibleSteps = signedIn ? WIZARD_STEPS - 1 : WIZARD_STEPS;
  const position = signedIn && step === 6 ? 5 : step;

  return (
    <>
      <header>
        <Container size="lg" py="md">
          <Group justify="space-between" wrap="nowrap">
            <Logo />
            {!signedIn && (
              <Anchor component={Link} to="/login/signin" fw={600}>
                Sign In
              </Anchor>
            )}
          </Group>
        </Container>
      </header>
      <Container size="lg" pb={48} px={{ base: 'md', sm: 'lg' }}>
        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p={{ base: 'lg', sm: 40 }} shadow="xs" radius="md">
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  if (step === 6) submit();
                  else if (canLeave) goTo(wizardNextStep(step, signedIn));
                }}
              >
                <Stack gap="lg">
                  <Stack gap={6}>
                    <Text size="sm" c="dimmed" fw={600}>
                      Step {position} of {visibleSteps}
                    </Text>
                    <Progress value={(position / visibleSteps) * 100} size="sm" aria-hidden="true" />
                  </Stack>
                  <Stack gap={4}>
                    <Title
                      order={1}
                      size="h2"
                      id={titleId}
                      ref={headingRef}
                      tabIndex={-1}
                      style={{ outline: 'none' }}
                    >
                      {title}
                    </Title>
                    {step === 1 && <Text c="dimmed">{MESSAGES.noRiskTrial}</Text>}
                  </Stack>

                  <Box>
                    {step === 1 && (
                      <SingleChoiceStep
                        {...stepProps}
                        field="projectStateId"
                        choices={states.data ?? []}
                        loading={states.isPending}
                      />
                    )}
                    {step === 2 && (
                      <DescribeStep {...stepProps} types={types.data ?? []} otherTypeId={otherTypeId} />
                    )}
                    {step === 3 && (
                      <TechStep {...stepProps} groups={techs.data ?? []} loading={techs.isPending} />
                    )}
                    {step === 4 && (
                      <SingleChoiceStep
                        {...stepProps}
                        field="projectBudgetId"
                        choices={budgets.data ?? []}
                        loading={budgets.isPending}
                      />
                    )}
                    {step === 5 && (
                      <SingleChoiceStep
                        {...stepProps}
                        field="companySizeId"
                        choices={sizes.data ?? []}
                        loading={sizes.isPending}
                      />
                    )}
                    {step === 6 && <AccountStep {...stepProps} signedIn={signedIn} errors={errors} />}
                  </Box>

                  {alert && (
                    <Alert color="red" role="alert" title="Your request was not saved">
                      {alert}
                    </Alert>
                  )}

                  <Group justify="space-between" gap="sm">
                    <Button variant="default" onClick={back}>
                      Back
                    </Button>
                    <Group gap="sm">
                      {isSkippableWizardStep(step) && (
                        <Button variant="subtle" onClick={() => goTo(wizardNextStep(step, signedIn))}>
                          Skip
                        </Button>
                      )}
                      <Button type="submit" disabled={!canLeave} loading={register.isPending}>
                        {step === 6 ? 'Save my request' : 'Next'}
                      </Button>
                    </Group>
                  </Group>
                </Stack>
              </form>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Box pt={{ base: 0, md: 40 }}>
              <TrustedBy />
            </Box>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
