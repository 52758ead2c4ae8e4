import { DRAFT_TTL_MS, WIZARD_DRAFT_THROTTLE_MS, WIZARD_STEPS } from '@dd/domain';
import { useEffect, useRef } from 'react';

/** Everything the wizard asks, kept while the visitor moves between steps and across reloads. */
export type WizardDraft = {
  step: number;
  projectStateId: number | null;
  projectTypeIds: number[];
  addition: string;
  description: string;
  techIds: string[];
  projectBudgetId: number | null;
  companySizeId: number | null;
  title: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  code: string;
};

export const EMPTY_DRAFT: WizardDraft = {
  step: 1,
  projectStateId: null,
  projectTypeIds: [],
  addition: '',
  description: '',
  techIds: [],
  projectBudgetId: null,
  companySizeId: null,
  title: '',
  name: '',
  email: '',
  phone: '',
  password: '',
  code: '',
};

const STORAGE_KEY = 'dd.get-started.draft';

/** The saved draft if younger than 24 hours, with the password cleared (docs/product.md §C4). */
export function loadDraft(now = Date.now()): WizardDraft | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { savedAt?: number; draft?: Partial<WizardDraft> };
    if (typeof saved.savedAt !== 'number' || now - saved.savedAt > DRAFT_TTL_MS || !saved.draft) {
      localStorage.removeItem(STORAGE_KEY);
      return null;
    }
    const draft = { ...EMPTY_DRAFT, ...saved.draft, password: '' };
    draft.step = Math.min(WIZARD_STEPS, Math.max(1, Math.trunc(Number(draft.step)) || 1));
    return draft;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): nothing was saved.
  }
}

function writeDraft(draft: WizardDraft): void {
  try {
    // The password is never written to storage.
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ savedAt: Date.now(), draft: { ...draft, password: '' } }),
    );
  } catch {
    // Storage full or unavailable: the draft simply is not kept.
  }
}

/** Saves the draft on change, at most once a second, and always the latest value. */
export function useDraftAutosave(draft: WizardDraft, enabled: boolean): void {
  const latest = useRef(draft);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSave = useRef(0);
  const on = useRef(enabled);

  useEffect(() => {
    latest.current = draft;
    on.current = enabled;
    if (!enabled || timer.current) return;
    const wait = Math.max(0, lastSave.current + WIZARD_DRAFT_THROTTLE_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      lastSave.current = Date.now();
      if (on.current) writeDraft(latest.current);
    }, wait);
  }, [draft, enabled]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
