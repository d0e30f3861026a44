import type { ComponentType } from 'react';
import { REPORTER_OPEN_PARAMS } from '../screens/reporter/reporterRoute';

/** A bespoke form screen: its code (loaded with the route) and how it reads its record when it opens. */
export interface BespokeForm {
  load(): Promise<ComponentType>;
  /** Query parameters of the record's read when the screen opens (`{ lang: 'en' }`), for the route's prefetch. */
  recordParams?: Record<string, unknown>;
}

/**
 * The screens of the definitions whose form says `"bespoke": true`, by resource. A definition
 * that says it without a screen here stops the app's start (`bespokeFormOf`), and the schema lint
 * refuses it (tests/schemas), so the generic form never stands in for one silently.
 */
export const BESPOKE_FORMS: Readonly<Record<string, BespokeForm>> = {
  'reading-sheets': { load: () => import('../screens/readingSheet/ReadingSheetScreen').then((m) => m.ReadingSheetScreen) },
  reporters: { load: () => import('../screens/reporter/ReporterScreen').then((m) => m.ReporterScreen), recordParams: REPORTER_OPEN_PARAMS },
};

/** The bespoke screen of a resource; throws naming the resource when none is registered. */
export function bespokeFormOf(resource: string): BespokeForm {
  const form = BESPOKE_FORMS[resource];
  if (!form) throw new Error(`schemas/${resource}.screen.json says "form.bespoke" but src/app/bespokeForms.ts registers no screen for "${resource}"`);
  return form;
}
