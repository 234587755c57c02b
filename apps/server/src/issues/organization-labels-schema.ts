import { recordMutation, signedInMutation } from "../graphql/signed-in-mutation.js";
import { GantryOrganization } from "../organizations/schema.js";
import { GantryLabel } from "./gantry-labels-schema.js";
import { createOrganizationLabel, deleteOrganizationLabels } from "./organization-labels.js";

recordMutation(
  "createGantryLabel",
  { key: "gantryLabel", type: GantryLabel },
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      name: t.string({ required: true, description: "1 to 50 characters." }),
      color: t.string({ required: true, description: "Six hex digits, with or without #." }),
      description: t.string({ required: false }),
    }),
  },
  {
    description:
      "Makes the label in every workspace of the organisation that has none of that name (organisation owners and admins); answers the first workspace's.",
    run: (input, context, viewer) =>
      createOrganizationLabel(context, viewer.id, {
        organizationId: input.gantryOrganizationId.id,
        name: input.name,
        color: input.color,
        description: input.description ?? null,
      }),
  },
);

signedInMutation(
  "deleteGantryLabels",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      names: t.stringList({ required: true, description: "At most 50; matched ignoring case." }),
    }),
  },
  {
    description:
      "Deletes the labels of these names in every workspace of the organisation (organisation owners and admins), taking them off every epic and issue; answers those deleted.",
    run: async (input, context, viewer) => ({
      gantryLabels: await deleteOrganizationLabels(context, viewer.id, {
        organizationId: input.gantryOrganizationId.id,
        names: input.names,
      }),
    }),
  },
  {
    outputFields: (t) => ({
      gantryLabels: t.field({ type: [GantryLabel], resolve: (payload) => payload.gantryLabels }),
    }),
  },
);
