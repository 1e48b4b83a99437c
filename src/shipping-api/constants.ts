// Enumerations of docs 1 and 2; carriers keep the documents' neutral ids (wire codes are mapped elsewhere).

export const CARRIERS = ["CARRIER_A", "POSTAL", "STANDARD", "XBORDER"] as const
export type Carrier = (typeof CARRIERS)[number]

/** Selected by rates[0].carrier. */
export const VARIANTS = [
  "carrier-account",
  "expedited",
  "standard",
  "cross-border",
] as const
export type Variant = (typeof VARIANTS)[number]

export const CARRIER_OF_VARIANT: Record<Variant, Carrier> = {
  "carrier-account": "CARRIER_A",
  expedited: "POSTAL",
  standard: "STANDARD",
  "cross-border": "XBORDER",
}

export const VARIANT_OF_CARRIER: Record<Carrier, Variant> = {
  CARRIER_A: "carrier-account",
  POSTAL: "expedited",
  STANDARD: "standard",
  XBORDER: "cross-border",
}

/** Doc 2 names Parcel Select only in prose and EM only in "Required content per variant". */
export const SERVICE_IDS: Record<Variant, readonly string[]> = {
  "carrier-account": ["NDA_AM", "NDA", "XPP"],
  expedited: ["PM", "EM", "EMI", "FCMI", "FCPIS", "UGA", "PS"],
  standard: ["PRCLSEL"],
  "cross-border": ["XBXPE", "XBXPS", "XBXUS"],
}

/** Doc 2 Errors item 3: PM is "not trackable by itself". */
export const NON_TRACKABLE_SERVICES: readonly string[] = ["PM"]

/** Length plus girth 130 in instead of 108 (doc 2). */
export const PARCEL_SELECT_SERVICE_ID = "PS"

/** Doc 2, "Allowed cross-border classes by origin". */
export const CROSS_BORDER_CLASSES_BY_ORIGIN: Record<string, readonly string[]> =
  {
    US: ["XBXPE", "XBXPS", "XBXUS"],
    GB: ["XBXPS"],
    CA: ["XBXPS"],
  }

/** Doc 2, Customs Info currencyCode: cross-border currency per origin. */
export const CROSS_BORDER_CURRENCY_BY_ORIGIN: Record<string, string> = {
  US: "USD",
  GB: "GBP",
  CA: "CAD",
}

export const PARCEL_TYPES = ["PKG", "FRE", "FLAT", "LETTER"] as const

/** Ours: the documents give soft-pack limits but no way to say a parcel is one. Not an option yet. */
export const SOFT_PACK_PARCEL_TYPE = "SOFTPACK"
export const REQUEST_PARCEL_TYPES = [
  ...PARCEL_TYPES,
  SOFT_PACK_PARCEL_TYPE,
] as const

export const RATE_TYPE_IDS = ["COMMERCIAL", "CONTRACT_RATES"] as const

export const DOCUMENT_TYPES = ["SHIPPING_LABEL", "QR_CODE"] as const
export const DOCUMENT_SIZES = ["DOC_4X6", "DOC_8X11", "DOC_4X5"] as const
export const FILE_FORMATS = ["PDF", "PNG", "ZPL2", "GIF"] as const
export const CONTENT_TYPES = ["URL", "BASE64"] as const
export const PRINT_DIALOG_OPTIONS = [
  "NO_PRINT_DIALOG",
  "EMBED_PRINT_DIALOG",
] as const
export const RESOLUTIONS = ["DPI_203"] as const

export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export type DocumentSize = (typeof DOCUMENT_SIZES)[number]
export type FileFormat = (typeof FILE_FORMATS)[number]

export const REASONS_FOR_EXPORT = [
  "GIFT",
  "COMMERCIAL_SAMPLE",
  "MERCHANDISE",
  "DOCUMENTS",
  "RETURNED_GOODS",
  "OTHER",
  "DANGEROUS_GOODS",
] as const
export type ReasonForExport = (typeof REASONS_FOR_EXPORT)[number]

export const IMPORTER_REFERENCE_TYPES = ["IOSS_NUMBER", "VAT_NUMBER"] as const

/** Doc 2, cross-border delivery solutions and their origins. */
export const DELIVERY_SOLUTIONS: Record<string, readonly string[]> = {
  FIRSTMILE: ["US"],
  PICKUP_STANDARDLABEL: ["US"],
  DROPOFF_STANDARDLABEL: ["US"],
  DROPOFF_CLIENTLABEL: ["US", "GB"],
  PICKUP_CLIENTLABEL: ["US", "GB"],
  DROPOFF_GENERICLABEL: ["US", "GB"],
  PICKUP_GENERICLABEL: ["US", "GB"],
  DROPOFF_FINALMILELABEL: ["CA"],
  PICKUP_FINALMILELABEL: ["CA"],
}

/** Doc 2 cross-border solutions that print no label: documents are omitted. */
export const LABELLESS_SOLUTIONS: readonly string[] = [
  "DROPOFF_CLIENTLABEL",
  "PICKUP_CLIENTLABEL",
]
/** Doc 2: they send CLIENT_ID and CLIENT_FACILITY_ID, and address line 1 carries the attention text. */
export const STANDARD_LABEL_SOLUTIONS: readonly string[] = [
  "PICKUP_STANDARDLABEL",
  "DROPOFF_STANDARDLABEL",
]
/** Doc 2: indistinguishable from a pickup to a standard delivery facility, so all count as bulk pickup. */
export const BULK_PICKUP_SOLUTION = "PICKUP_STANDARDLABEL"
/** Doc 2: CARRIER_FACILITY_ID for "all drop-off solutions and bulk pickup". */
export const FACILITY_SOLUTIONS: readonly string[] = [
  ...Object.keys(DELIVERY_SOLUTIONS).filter((s) => s.startsWith("DROPOFF_")),
  BULK_PICKUP_SOLUTION,
]
/** Doc 2: drop-off to hub, which needs domesticShipmentDetails and forbids CLIENT_ID. */
export const HUB_DROP_OFF_SOLUTION = "DROPOFF_CLIENTLABEL"

/** Doc 2, Shipment options table (request names). */
export const SHIPMENT_OPTION = {
  shipperId: "SHIPPER_ID",
  addToManifest: "ADD_TO_MANIFEST",
  minimalAddressValidation: "MINIMAL_ADDRESS_VALIDATION",
  printCustomMessage1: "PRINT_CUSTOM_MESSAGE_1",
  printCustomMessage2: "PRINT_CUSTOM_MESSAGE_2",
  clientFacilityId: "CLIENT_FACILITY_ID",
  carrierFacilityId: "CARRIER_FACILITY_ID",
  clientId: "CLIENT_ID",
  isRectangular: "IS_RECTANGULAR",
  nonDeliveryOption: "NON_DELIVERY_OPTION",
  deliverySolution: "DELIVERY_SOLUTION",
  sellerId: "SELLER_ID",
} as const

/** Doc 2 altReturnAddress: NON_DELIVERY_OPTION "set to redirect" (compared without case). */
export const NON_DELIVERY_REDIRECT = "redirect"

/** Doc 2, special service identifiers grouped by what the rules need of them. */
export const HAZMAT_SPECIAL_SERVICES: readonly string[] = [
  "hazmat",
  "hazmat-electronics",
]
export const INSURANCE_SPECIAL_SERVICES: readonly string[] = ["INS", "Ins"]
export const NOTIFICATIONS_SPECIAL_SERVICE = "NOTIFICATIONS"
/** Doc 2 Errors 3 names DelCon "such as": the only trackable special service the documents name. */
export const TRACKABLE_SPECIAL_SERVICES: readonly string[] = ["DelCon"]

/** Doc 2, input parameter names of special services. */
export const SPECIAL_SERVICE_PARAM = {
  hazmatType: "HAZMAT_TYPE",
  inputValue: "INPUT_VALUE",
  notificationType: "RECIPIENT_NOTIFICATION_TYPE",
  notificationEmail: "RECIPIENT_NOTIFICATION_EMAIL",
  notificationPhone: "RECIPIENT_NOTIFICATION_PHONE",
} as const
export const NOTIFICATION_TYPES = ["ON_INTRANSIT", "ON_DELIVER"] as const

/** Doc 2 says "phone ... required for service EM"; EMI is read as the same, international, service. */
export const EXPRESS_MAIL_SERVICE_IDS: readonly string[] = ["EM", "EMI"]
/** Doc 2, Customs Info: reasonForExport DOCUMENTS is required for these services. */
export const DOCUMENTS_ONLY_SERVICE_IDS: readonly string[] = ["FCMI"]
/** Doc 2, Customs Info: to Brazil these services need documents.size DOC_8X11. */
export const BRAZIL_8X11_SERVICE_IDS: readonly string[] = ["FCPIS"]
/** Doc 2: carrier-account services that are U.S. domestic (for shipments to Puerto Rico). XPP is international. */
export const CARRIER_A_US_DOMESTIC_SERVICE_IDS: readonly string[] = [
  "NDA_AM",
  "NDA",
]
/** Doc 2: carrier-account shipments originate in the U.S. or Canada. */
export const CARRIER_ACCOUNT_ORIGINS: readonly string[] = ["US", "CA"]

/** Doc 2, Parcel weight units; the documents' case variants (Lb, lb) are accepted for cross-border. */
export const WEIGHT_UNITS = ["OZ", "LB"] as const
/** Doc 2: postal and carrier-account parcels are weighed in OZ. */
export const POSTAL_WEIGHT_UNIT = "OZ"
/** Doc 2, Customs Item unitWeight units (cross-border; expedited OZ only). */
export const CUSTOMS_WEIGHT_UNITS = ["OZ", "GM", "G", "LB", "KG"] as const
/** Doc 2 (lower-case `in` also seen in cross-border). */
export const DIMENSION_UNIT = "IN"

export const CUSTOMS_LABEL_SIZES: readonly string[] = ["DOC_4X6", "DOC_8X11"]
/** Doc 2: first-class flats and letters print 4x6 ("9x4" is not a value of the size enumeration). */
export const LETTER_FLAT_LABEL_SIZES: readonly string[] = ["DOC_4X6"]
export const LETTER_FLAT_PARCEL_TYPES: readonly string[] = ["LETTER", "FLAT"]
export const BRAZIL_LABEL_SIZE = "DOC_8X11"
/** Doc 2: GIF is the QR code's format; PNG and ZPL2 labels travel as Base64. */
export const QR_CODE_FILE_FORMAT = "GIF"
export const BASE64_ONLY_FILE_FORMATS: readonly string[] = ["PNG", "ZPL2"]

/** Doc 2: in the order the service maps them (other names are rewritten). */
export const STANDARD_REFERENCE_NAMES: readonly string[] = [
  "ReferenceNumber",
  "AddlRef1",
  "AddlRef2",
]
/** Ours: doc 2 does not show the attention text; modelled on the real "Attn: <carrier> Cross-Border". */
export const CROSS_BORDER_ATTENTION_TEXT = "Attn: Cross-Border"

export const CROSS_BORDER_REFERENCE = {
  orderNumber: "ORDER_NUMBER",
  referenceNumber: "ReferenceNumber",
} as const

export const ADDRESS_TYPES = ["SELLER"] as const
/** Doc 2 "shipmentType: Return labels only"; the value is not shown, RETURN is ours. */
export const SHIPMENT_TYPES = ["RETURN"] as const

/** Doc 2: EU destinations need HS codes and importer ids. */
export const EU_COUNTRY_CODES: readonly string[] = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
]
export const BRAZIL = "BR"
export const PUERTO_RICO = "PR"
export const UNITED_STATES = "US"
export const CANADA = "CA"
/** Doc 2: DANGEROUS_GOODS for hazardous material to U.S. territories. */
export const US_TERRITORY_CODES: readonly string[] = [
  "AS",
  "GU",
  "MP",
  "PR",
  "VI",
  "UM",
]
/** Doc 2: FLAT parcels there need reasonForExport DOCUMENTS. */
export const MILITARY_CITIES: readonly string[] = ["APO", "FPO", "DPO"]

export const VOID_STATUSES = ["INITIATED", "APPROVED"] as const
export const CANCEL_INITIATOR = "SHIPPER"
export const MANIFEST_DOCUMENT_TYPE = "MANIFEST"

export const HEADER = {
  transactionId: "X-Vendor-TransactionId",
  unifiedErrorStructure: "X-Vendor-UnifiedErrorStructure",
  acceptLanguage: "Accept-Language",
  carrierAccountId: "X-Vendor-Shipper-Carrier-AccountId",
  ratePlan: "X-Vendor-Shipper-Rate-Plan",
  integratorCarrierId: "X-Vendor-Integrator-CarrierId",
  contentType: "Content-Type",
} as const

/** Doc 1: "The applicable-events operation additionally returns `updatereservation` among its entries." */
export const APPLICABLE_ONLY_EVENTS: readonly string[] = ["updatereservation"]

export const WEBHOOK_TYPES = ["locker", "tracking"] as const
export type WebhookType = (typeof WEBHOOK_TYPES)[number]

export const WEBHOOK_EVENTS: Record<WebhookType, readonly string[]> = {
  locker: [
    "reservation",
    "cancelreservation",
    "deposit",
    "pickup",
    "stalemailpickup",
    "onhold",
  ],
  tracking: [
    "Manifest",
    "Acceptance",
    "InTransit",
    "DeliveryAttempt",
    "OutForDelivery",
    "Delivered",
    "Exception",
    "ReturnToSender",
    "ReadyForPickup",
    "PickupMissed",
    "PickedUp",
  ],
}

export const PACKAGE_STATUSES = WEBHOOK_EVENTS.tracking
export type PackageStatus = (typeof WEBHOOK_EVENTS.tracking)[number]

export const WEBHOOK_STATUSES = ["active", "in-active"] as const
export const WEBHOOK_AUTH_TYPES = ["custom", "basic", "oauth"] as const

export const LIMITS = {
  transactionIdLength: 25,
  customsItems: 30,
  customsDescription: 255,
  hsCode: 14,
  expeditedQuantity: 9999,
  lengthPlusGirthIn: 108,
  lengthPlusGirthParcelSelectIn: 130,
  softPack: { longestPlusNextIn: 36, longestIn: 18, smallestIn: 2 },
  standardReferenceValue: 50,
  standardReferences: 3,
  crossBorderOrderNumber: 50,
  crossBorderReferenceNumber: 100,
  crossBorderItemId: 50,
  crossBorderManufacturer: 255,
  crossBorderUrl: 1000,
  webhookName: 50,
  /** Doc 2: EU customs items need an HS code with at least this many digits. */
  euHsCodeDigits: 6,
  /** Doc 2: Swiss fromCustomsReference is CHE plus this many digits. */
  swissVatDigits: 9,
  eelpfcThresholdUsd: 2500,
  reprints: 3,
  labelUrlHours: 24,
  webhookConfigurations: 20,
} as const

export const TRANSACTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,25}$/

/** Doc 4: voiding a voided shipment answers 400, which counts as done; code agreed with the sandbox. */
export const ALREADY_VOIDED_ERROR_CODE = "SHIPMENT_ALREADY_VOIDED"

/** Doc 4 leaves the codes of the service's own state checks open; these are agreed with the sandbox. */
export const SERVICE_ERROR_CODE = {
  duplicateTransactionId: "DUPLICATE_TRANSACTION_ID",
  reprintLimit: "REPRINT_LIMIT_EXCEEDED",
  webhookConfigLimit: "validation_error",
  shipmentVoided: "SHIPMENT_VOIDED",
  notEligibleForManifest: "NOT_ELIGIBLE_FOR_MANIFEST",
  alreadyManifested: "ALREADY_MANIFESTED",
  shipmentNotFound: "SHIPMENT_NOT_FOUND",
} as const
