import { useTranslation } from 'react-i18next';

/** The plans' names the interface writes in full (SPEC §2: Essential, Premium, VIP); any other is shown as the server sends it. */
const KNOWN_ROLES = ['essential', 'premium', 'vip'];

/** A plan's (user group's) name for display: Essential, Premium, VIP, otherwise the raw name. */
export function useRoleLabel(): (role: string | null | undefined) => string {
  const { t } = useTranslation();
  return (role) => (role && KNOWN_ROLES.includes(role) ? t(`widgets.subscription.roles.${role}`) : (role ?? '-'));
}
