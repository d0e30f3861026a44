import type { TFunction } from 'i18next';
import type { JsonSyntaxError } from './jsonSyntax';

/** Why a definition's text is not JSON, in staff's words (`screens.studio.syntax.<reason>`). */
export function syntaxMessage(t: TFunction, error: JsonSyntaxError): string {
  return t(`screens.studio.syntax.${error.reason}`, { ...error.opener, found: error.found });
}

/** Where it is, as the problems list names it ('JSON, line 12'). */
export function syntaxPlace(t: TFunction, error: JsonSyntaxError): string {
  return t('screens.studio.syntaxAt', { line: error.line, column: error.column });
}
