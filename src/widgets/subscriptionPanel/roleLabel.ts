import { useTranslation } from 'react-i18next';
import { roleText } from '../../../common/cellText';

/** A plan's (user group's) name for display: Essential, Premium, VIP, otherwise the raw name. */
export function useRoleLabel(): (role: string | null | undefined) => string {
  const { t } = useTranslation();
  return (role) => roleText(role, (key) => t(key)) || '-';
}
