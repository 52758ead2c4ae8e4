import { z } from 'zod';
import { PASSWORD_MIN, PROJECT_INPUT_MIN, WIZARD_DESCRIPTION_MAX, WIZARD_STEPS } from '../limits.ts';
import { FALLBACK_MESSAGES, MESSAGES } from '../messages.ts';
import { emailField, isNumericZero, nonZeroTextField, passwordField } from './fields.ts';
import { phoneField } from './phone-field.ts';

/** Step 2 text (docs/product.md §C5): optional, at most 2048 characters. */
export const wizardDescriptionSchema = z
  .string()
  .max(WIZARD_DESCRIPTION_MAX, `Maximum ${WIZARD_DESCRIPTION_MAX} characters`);

// Step 6 fields. "All of title, name, email, password, phone required (empty or zero value is an error)."
export const wizardTitleField = nonZeroTextField(MESSAGES.titleInvalid, PROJECT_INPUT_MIN);
// The spec quotes no text for the name; ours says what is wrong.
export const wizardNameField = nonZeroTextField(
  FALLBACK_MESSAGES.minLength(PROJECT_INPUT_MIN),
  PROJECT_INPUT_MIN,
);
export const wizardEmailField = emailField(MESSAGES.emailInvalid, PROJECT_INPUT_MIN);
// A valid number in any usual writing, stored as E.164 (docs/product.md §F13); empty says the same message.
export const wizardPhoneField = phoneField(1, MESSAGES.phoneInvalid);
export const wizardPasswordField = passwordField(MESSAGES.passwordMin, PASSWORD_MIN).refine(
  (v) => !isNumericZero(v),
  MESSAGES.passwordMin,
);

/** Step 6 for visitors: 'Create an account to save your request'. */
export const wizardStep6VisitorSchema = z.object({
  title: wizardTitleField,
  name: wizardNameField,
  email: wizardEmailField,
  phone: wizardPhoneField,
  password: wizardPasswordField,
});
export type WizardStep6VisitorInput = z.infer<typeof wizardStep6VisitorSchema>;

/** Step 6 for signed-in users: 'Add a Project Name to save your request'. */
export const wizardStep6MemberSchema = z.object({ title: wizardTitleField });
export type WizardStep6MemberInput = z.infer<typeof wizardStep6MemberSchema>;

export type WizardStep = 1 | 2 | 3 | 4 | 5 | 6;

function clampStep(step: number): WizardStep {
  return Math.min(WIZARD_STEPS, Math.max(1, Math.trunc(step))) as WizardStep;
}

/** Next (docs/product.md §C2): a signed-in user skips step 5 (company size), since their company exists. */
export function wizardNextStep(step: number, signedIn: boolean): WizardStep {
  if (signedIn && step === 4) return 6;
  return clampStep(step + 1);
}

/** Back mirrors Next, so a signed-in user on step 6 returns to step 4. Step 1 is handled by the page. */
export function wizardPreviousStep(step: number, signedIn: boolean): WizardStep {
  if (signedIn && step === 6) return 4;
  return clampStep(step - 1);
}

export type WizardChoices = {
  projectStateId?: number | null;
  projectBudgetId?: number | null;
  companySizeId?: number | null;
};

/** Next is disabled on step 1 without a state, step 4 without a budget, step 5 without a size. */
export function canLeaveWizardStep(step: number, choices: WizardChoices): boolean {
  if (step === 1) return choices.projectStateId != null;
  if (step === 4) return choices.projectBudgetId != null;
  if (step === 5) return choices.companySizeId != null;
  return true;
}

/** Steps 2 and 3 may be skipped (docs/product.md §C2). */
export function isSkippableWizardStep(step: number): boolean {
  return step === 2 || step === 3;
}
