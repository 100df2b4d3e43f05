import { addTranslations } from './translations';

/** The namespace of the kit's own texts: those its fields and its pager show, in the shell and in every remote. */
export const KIT_NS = 'kit';

addTranslations(KIT_NS, {
  en: {
    required_mark: 'required',
    pager_label: 'Pages',
    pager_previous: 'Previous page',
    pager_next: 'Next page',
    pager_status: 'Page {{page}} of {{total}}',
  },
  bn: {
    required_mark: 'আবশ্যক',
    pager_label: 'পৃষ্ঠাসমূহ',
    pager_previous: 'আগের পৃষ্ঠা',
    pager_next: 'পরের পৃষ্ঠা',
    pager_status: 'পৃষ্ঠা {{page}} / {{total}}',
  },
  vi: {
    required_mark: 'bắt buộc',
    pager_label: 'Các trang',
    pager_previous: 'Trang trước',
    pager_next: 'Trang sau',
    pager_status: 'Trang {{page}} / {{total}}',
  },
});
