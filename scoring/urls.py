"""The scorekeeper's pages, under /scorekeeper/."""

from django.urls import path

from .views import details, offline, sheets, transfer

urlpatterns = [
    path("", sheets.scorekeeper, name="scorekeeper"),
    path("new/<slug:game>/", sheets.new_sheet, name="scorekeeper-new"),
    path("new/<slug:game>/players/", sheets.player_picker, name="scorekeeper-players"),
    path("csrf/", offline.fresh_token, name="scorekeeper-csrf"),
    path("new/<slug:game>/sync/", offline.sync_new_sheet, name="scorekeeper-new-sync"),
    path(
        "new/<slug:game>/offline-form/<int:seats>/",
        offline.offline_entry_form,
        name="scorekeeper-offline-form",
    ),
    path("results/", sheets.results, name="scorekeeper-results"),
    path("import/", transfer.import_sheet, name="scorekeeper-import"),
    path("<uuid:public_id>/", sheets.sheet, name="sheet"),
    path("<uuid:public_id>/entry/", sheets.entry, name="sheet-entry"),
    path("<uuid:public_id>/undo/", sheets.undo, name="sheet-undo"),
    path("<uuid:public_id>/undo/confirm/", sheets.undo_confirm, name="sheet-undo-confirm"),
    path("<uuid:public_id>/restore/", sheets.restore, name="sheet-restore"),
    path("<uuid:public_id>/finish/", sheets.finish, name="sheet-finish"),
    path("<uuid:public_id>/delete/", sheets.delete_sheet, name="sheet-delete"),
    path("<uuid:public_id>/swap/", sheets.swap, name="sheet-swap"),
    path("<uuid:public_id>/sync/", offline.sync_entry, name="sheet-sync"),
    path("<uuid:public_id>/details/", details.sheet_details, name="sheet-details"),
    path("<uuid:public_id>/export.json", transfer.export, name="sheet-export"),
]
