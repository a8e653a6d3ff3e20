/** The schema shapes are contracts (src/contracts/schema.ts): the language server receives them. */
import type { GraphSchema } from '../../contracts/schema';
export type { GraphSchema, LabelInfo, RelationshipTypeInfo } from '../../contracts/schema';

export const EMPTY_SCHEMA: GraphSchema = { labels: [], relationshipTypes: [], propertyKeys: [] };
