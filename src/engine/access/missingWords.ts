import i18n from '../../i18n';
import type { ScreenAction, SystemPermission } from '../../../common/permissions';

/** What a role lacks, in words: 'Your roles do not grant List on Administrators.' (the server's refusal, said by the interface). */
export function missingScreenAction(action: ScreenAction, screenLabel: string): string {
  const what = i18n.t('permissions.on', { action: i18n.t(`permissions.actions.${action}`), screen: i18n.t(screenLabel) });
  return i18n.t('permissions.missing', { what });
}

/** The same for a system permission ('Your roles do not grant Publish in the studio.'). */
export function missingSystem(permission: SystemPermission): string {
  return i18n.t('permissions.missing', { what: i18n.t(`permissions.system.${permission.replace('.', '_')}`) });
}
