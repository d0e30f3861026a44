import './i18n';
