import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { useEffect, useState } from 'react';
import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { FORM_VALIDATORS } from 'virtual:form-validators';
import { fieldLabelOf } from '../../../common/fieldLabel';
import { messageOf, type FieldLabels } from '../../../common/validation';
import i18n from '../../i18n';
import { validationKey } from '../../../common/validationKey';
import { screensAnswered, screensInUse } from '../resource/definitions';
import { installValidatorRuntime } from './validatorRuntime';

/**
 * Whether the screens' validators are in hand, loading them if not: a form shown outside a form
 * page (a dialog of the reading sheet) waits on it before it renders.
 */
export function useFormValidatorsReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureFormValidators().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/** A title that is an i18n key (`screens.requests.fields.demandDate`), not words. */
const I18N_KEY = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

const validators = new WeakMap<object, ValidatorType>();

/** Validators of the screens in use, by key, from the server's module for their stamp. */
const runtimeValidators = new Map<string, unknown>();
let loaded: { url: string; done: Promise<void> } | undefined;

/**
 * Loads the validators of the screens in use (the server compiles them for each set of published
 * versions; server/definitions/validatorModule.ts), once per set: a form page's loader waits for
 * it, so a form never runs without its validation.
 */
export async function ensureFormValidators(): Promise<void> {
  // The guard of this navigation may be bringing newer screens: their validators are the ones needed.
  await screensAnswered();
  const url = screensInUse()?.validators;
  if (!url) return Promise.resolve();
  if (loaded?.url === url) return loaded.done;
  const done = installValidatorRuntime()
    .then(() => import(/* @vite-ignore */ url))
    .then((module: { FORM_VALIDATORS: Record<string, unknown> }) => {
      for (const [key, validate] of Object.entries(module.FORM_VALIDATORS)) runtimeValidators.set(key, validate);
    });
  loaded = { url, done };
  // A failed load is tried again by the next page that needs it.
  done.catch(() => {
    if (loaded?.url === url) loaded = undefined;
  });
  return done;
}

/**
 * The RJSF validator of a form's schema: the validator the server compiled for the forms in use
 * (loaded by ensureFormValidators; the unit tests': scripts/formValidators.ts), with the product's messages, so that no code is compiled in the
 * browser (the Content-Security-Policy has no 'unsafe-eval'). The schema may have its texts
 * translated: they are not part of its key. Throws when the schema was not compiled, naming where
 * forms' schemas are listed: a form must not run without its validation.
 */
export function formValidatorFor(schema: RJSFSchema): ValidatorType {
  const known = validators.get(schema);
  if (known) return known;
  const key = validationKey(schema);
  const validate = runtimeValidators.get(key) ?? (FORM_VALIDATORS as Record<string, unknown>)[key];
  if (!validate)
    throw new Error(
      `No validator was compiled for this form's schema (${key}): the validators of the forms in use are loaded by the form page's loader (ensureFormValidators).`,
    );
  // Fields are named by their labels, as the server names them (its titles in English; here the
  // schema's titles may be translated already, and the text of a translated title is itself).
  const labels: FieldLabels = (segments) => fieldLabelOf(schema, segments, (title) => (I18N_KEY.test(title) ? i18n.t(title) : title));
  const validator = createPrecompiledValidator({ [hashForSchema(schema)]: validate as never }, schema, (errors) => {
    for (const error of errors ?? []) error.message = messageOf(error, labels);
  });
  validators.set(schema, validator);
  return validator;
}
