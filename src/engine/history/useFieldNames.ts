import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RevisionAnswer } from '../../../common/historyAnswers';
import { labelNamespace } from '../../../common/labelNamespace';
import { queryKeys } from '../api/queryKeys';
import type { ScreenDefinition } from '../../../common/screenDefinition';
import { screenVersion, useScreens } from '../resource/definitions';
import { fieldNames, textInUse, textOfVersion, type FieldNames, type FormShape } from './fieldNames';
import { historyCalls } from './historyCalls';

type Json = Record<string, unknown>;

/** The form of a screen in use by name (one of `screens`). */
function formInUse(name: string, screens: readonly ScreenDefinition[]): { schema: Json; uiSchema: Json } | undefined {
  const screen = screens.find((candidate) => candidate.resource === name)?.form;
  return screen ? { schema: screen.schema as Json, uiSchema: (screen.uiSchema ?? {}) as Json } : undefined;
}

/**
 * What the fields of a revision are called: with the labels of the version of the screen it was
 * made with when that is not the version in use (read once per version, kept: a published version
 * never changes), falling back to the labels in use, then to the field's name. `fallback` names the
 * screen of a revision that names none.
 */
export function useFieldNames(screen: RevisionAnswer['screen'] | undefined, fallback?: string): FieldNames {
  const { t, i18n } = useTranslation();
  // Rendered again when newer screens arrive (their labels and forms).
  const screens = useScreens();
  const name = screen?.name ?? fallback;
  const current = name === undefined ? undefined : screenVersion(name);
  const older = screen && current !== undefined && screen.version !== current ? screen : undefined;
  const version = useQuery({
    queryKey: queryKeys.screens('version', { name: older?.name, version: older?.version }),
    queryFn: ({ signal }) => historyCalls.screenVersion(older!.name, older!.version, signal),
    enabled: older !== undefined,
    staleTime: Infinity,
  });
  return useMemo(() => {
    const form = name === undefined ? undefined : formInUse(name, screens);
    const inUseText = textInUse(
      (key) => i18n.exists(key),
      (key) => t(key),
    );
    const inUse: FormShape | undefined = form ? { schema: form.schema, uiSchema: form.uiSchema, text: inUseText } : undefined;
    const content = older ? version.data : undefined;
    const definition = content?.definition as { form?: { schema?: Json; uiSchema?: Json } } | undefined;
    const then: FormShape | undefined =
      content && definition?.form?.schema
        ? {
            schema: definition.form.schema,
            uiSchema: definition.form.uiSchema ?? {},
            text: textOfVersion(labelNamespace({ resource: name, ...definition }), content.labels, inUseText),
          }
        : undefined;
    return fieldNames([...(then ? [then] : []), ...(inUse ? [inUse] : [])], inUse);
  }, [name, older, version.data, t, i18n, screens]);
}
