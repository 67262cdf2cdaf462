CREATE TABLE "document_favorites" (
	"user_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_favorites_user_id_node_id_pk" PRIMARY KEY("user_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "document_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid NOT NULL,
	"site_id" integer NOT NULL,
	"parent_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text,
	"size" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_nodes_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "document_shared_links" (
	"id" text PRIMARY KEY NOT NULL,
	"node_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_site_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"node_id" integer,
	"category_id" integer,
	"can_write" boolean DEFAULT false NOT NULL,
	CONSTRAINT "document_site_access_target" CHECK (("document_site_access"."node_id" is null) <> ("document_site_access"."category_id" is null))
);
--> statement-breakpoint
CREATE TABLE "document_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_sites_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"node_id" integer NOT NULL,
	"label" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_favorites" ADD CONSTRAINT "document_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_favorites" ADD CONSTRAINT "document_favorites_node_id_document_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."document_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_nodes" ADD CONSTRAINT "document_nodes_site_id_document_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."document_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_nodes" ADD CONSTRAINT "document_nodes_parent_id_document_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."document_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_nodes" ADD CONSTRAINT "document_nodes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_nodes" ADD CONSTRAINT "document_nodes_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shared_links" ADD CONSTRAINT "document_shared_links_node_id_document_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."document_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shared_links" ADD CONSTRAINT "document_shared_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_site_access" ADD CONSTRAINT "document_site_access_site_id_document_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."document_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_site_access" ADD CONSTRAINT "document_site_access_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_site_access" ADD CONSTRAINT "document_site_access_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_node_id_document_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."document_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_nodes_site_idx" ON "document_nodes" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_nodes_parent_name_idx" ON "document_nodes" USING btree ("parent_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "document_nodes_site_root_idx" ON "document_nodes" USING btree ("site_id") WHERE "document_nodes"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "document_shared_links_node_idx" ON "document_shared_links" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "document_site_access_site_idx" ON "document_site_access" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "document_site_access_node_idx" ON "document_site_access" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "document_site_access_category_idx" ON "document_site_access" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_node_label_idx" ON "document_versions" USING btree ("node_id","label");