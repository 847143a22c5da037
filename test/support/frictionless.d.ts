// Minimal types for the Frictionless Data JavaScript libraries the tests validate datapackage.json with.
declare module 'datapackage' {
  interface ValidationResult {
    valid: boolean;
    errors: Error[];
  }
  interface Package {
    valid: boolean;
    errors: Error[];
  }
  const datapackage: {
    validate(descriptor: object): Promise<ValidationResult>;
    Package: { load(descriptor: object, options?: { basePath?: string; strict?: boolean }): Promise<Package> };
  };
  export default datapackage;
}

declare module 'tableschema' {
  interface Schema {
    valid: boolean;
    castRow(row: string[]): unknown[];
  }
  const tableschema: { Schema: { load(descriptor: object): Promise<Schema> } };
  export default tableschema;
}
