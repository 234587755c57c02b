import {
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isTypeSubTypeOf,
  isUnionType,
  parseType,
  typeFromAST,
} from "graphql";

// The reference's surface compared with a served schema (whole-reference-surface.test.ts, decision 0084).

const fieldsOf = (type: GraphQLNamedType) =>
  isObjectType(type) || isInterfaceType(type) || isInputObjectType(type) ? type.getFields() : {};

/**
 * An input the reference requires that Gantry leaves optional is no gap: a client's non-null variable fits the
 * optional position, and Gantry's own clients that leave it out keep working.
 */
function optionalHere(theirs: GraphQLInputType, ours: GraphQLInputType): boolean {
  return isNonNullType(theirs) && !isNonNullType(ours) && String(theirs.ofType) === String(ours);
}

/**
 * Every difference between the reference and what /public/zenhub/graphql serves, as
 * /work/helper-notes/reference-gaps.mjs words it: missing types, fields, arguments, input fields, enum values,
 * interfaces and union members, and types that differ (reference vs ours).
 */
export function gapsOf(ref: GraphQLSchema, ours: GraphQLSchema): string[] {
  const gaps: string[] = [];
  for (const [name, theirs] of Object.entries(ref.getTypeMap())) {
    if (name.startsWith("__")) continue;
    const our = ours.getType(name);
    if (!our) {
      gaps.push(`${name}: TYPE MISSING`);
      continue;
    }
    const ourFields = fieldsOf(our) as Record<string, { type: GraphQLInputType; args?: readonly GraphQLArgument[] }>;
    for (const [fieldName, field] of Object.entries(fieldsOf(theirs))) {
      const mine = ourFields[fieldName];
      if (!mine) {
        gaps.push(`${name}.${fieldName}: FIELD MISSING (${field.type})`);
        continue;
      }
      const input = isInputObjectType(theirs);
      if (
        String(mine.type) !== String(field.type) &&
        !(input && optionalHere(field.type as GraphQLInputType, mine.type))
      )
        gaps.push(`${name}.${fieldName}: type ${field.type} vs ${mine.type}`);
      for (const arg of "args" in field ? field.args : []) {
        const ourArg = mine.args?.find((a) => a.name === arg.name);
        if (!ourArg) gaps.push(`${name}.${fieldName}(${arg.name}): ARG MISSING (${arg.type})`);
        else if (String(arg.type) !== String(ourArg.type) && !optionalHere(arg.type, ourArg.type))
          gaps.push(`${name}.${fieldName}(${arg.name}): type ${arg.type} vs ${ourArg.type}`);
      }
    }
    if ((isObjectType(theirs) || isInterfaceType(theirs)) && (isObjectType(our) || isInterfaceType(our))) {
      const implemented = new Set(our.getInterfaces().map((i) => i.name));
      for (const wanted of theirs.getInterfaces())
        if (!implemented.has(wanted.name)) gaps.push(`${name}: INTERFACE MISSING ${wanted.name}`);
    }
    if (isEnumType(theirs) && isEnumType(our)) {
      const values = new Set(our.getValues().map((v) => v.name));
      for (const value of theirs.getValues())
        if (!values.has(value.name)) gaps.push(`${name}: ENUM VALUE MISSING ${value.name}`);
    }
    if (isUnionType(theirs) && isUnionType(our)) {
      const members = new Set(our.getTypes().map((m) => m.name));
      for (const member of theirs.getTypes())
        if (!members.has(member.name)) gaps.push(`${name}: UNION MEMBER MISSING ${member.name}`);
    }
  }
  return gaps.sort();
}

/** Reference arguments and input fields whose type a client's variable declared as the reference types it cannot fill. */
export function refusedVariables(ref: GraphQLSchema, ours: GraphQLSchema): string[] {
  const refused: string[] = [];
  const fits = (theirs: GraphQLInputType, position: GraphQLInputType) => {
    const declared = typeFromAST(ours, parseType(String(theirs)));
    return declared !== undefined && isTypeSubTypeOf(ours, declared, position);
  };
  for (const [name, theirs] of Object.entries(ref.getTypeMap())) {
    const our = ours.getType(name);
    if (name.startsWith("__") || !our) continue;
    const ourFields = fieldsOf(our) as Record<string, { type: GraphQLInputType; args?: readonly GraphQLArgument[] }>;
    for (const [fieldName, field] of Object.entries(fieldsOf(theirs))) {
      const mine = ourFields[fieldName];
      if (!mine) continue;
      if (isInputObjectType(theirs) && !fits(field.type as GraphQLInputType, mine.type))
        refused.push(`${name}.${fieldName}: type ${field.type} vs ${mine.type}`);
      for (const arg of "args" in field ? field.args : []) {
        const ourArg = mine.args?.find((a) => a.name === arg.name);
        if (ourArg && !fits(arg.type, ourArg.type))
          refused.push(`${name}.${fieldName}(${arg.name}): type ${arg.type} vs ${ourArg.type}`);
      }
    }
  }
  return refused.sort();
}
