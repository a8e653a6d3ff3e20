/** What a graph holds: labels, relationship types with their endpoints, property keys. */
export interface LabelInfo {
  readonly name: string;
  readonly properties: readonly string[];
  readonly aliases?: readonly string[];
  readonly description?: string;
  /** Number of nodes, when the source knows it. */
  readonly count?: number;
}

export interface RelationshipTypeInfo {
  readonly name: string;
  /** Allowed (from, to) label pairs, in the stored direction. */
  readonly endpoints: readonly { readonly from: string; readonly to: string }[];
  readonly properties: readonly string[];
  readonly aliases?: readonly string[];
  readonly description?: string;
  readonly count?: number;
}

export interface GraphSchema {
  readonly labels: readonly LabelInfo[];
  readonly relationshipTypes: readonly RelationshipTypeInfo[];
  /** Every property key in the graph (union over labels and relationship types). */
  readonly propertyKeys: readonly string[];
}
