import { registerTranslations } from './translations';

registerTranslations();
