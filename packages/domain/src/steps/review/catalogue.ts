import { defineCatalogue } from '../field-catalogue';

/** The review keeps no answers of its own. */
export const reviewCatalogue = defineCatalogue({ namespace: 'review', fields: {} });
