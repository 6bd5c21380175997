import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

/** What each resource folder's index.ts exports by default (STYLE 7). */
export interface ResourceConfig {
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string);
}
