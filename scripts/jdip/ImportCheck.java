// Runs jDip's "Import from Judge" on one text file, without its window, and
// prints what jDip rebuilt, one fact a line, for scripts/jdip_import_check.py:
//
//   phase <S1901M> <resolved|open> [ended]
//   unit <phase> <Power> <A|F> <location, e.g. stp/sc>
//   dislodged <phase> <Power> <A|F> <location>
//   centre <phase> <province> <Power>
//
// Arguments: the folder holding jDip's variant zips, then the text file.
// A failed import prints jDip's exception to stderr and exits with 1.

import dip.judge.parser.JudgeImport;
import dip.order.OrderFactory;
import dip.world.Position;
import dip.world.Province;
import dip.world.TurnState;
import dip.world.Unit;
import dip.world.World;
import dip.world.variant.VariantManager;
import java.io.File;

public class ImportCheck {
    public static void main(String[] args) throws Exception {
        VariantManager.init(new File[] {new File(args[0])}, false);
        World world;
        try {
            world = new JudgeImport(OrderFactory.getDefault(), new File(args[1]), null).getWorld();
        } catch (Exception e) {
            e.printStackTrace();
            System.exit(1);
            return;
        }
        for (Object each : world.getAllTurnStates()) {
            TurnState turn = (TurnState) each;
            String phase = turn.getPhase().getBriefName();
            System.out.println("phase " + phase + (turn.isResolved() ? " resolved" : " open")
                + (turn.isEnded() ? " ended" : ""));
            Position position = turn.getPosition();
            for (Province province : position.getUnitProvinces()) {
                System.out.println("unit " + phase + " " + describe(position.getUnit(province), province));
            }
            for (Province province : position.getDislodgedUnitProvinces()) {
                System.out.println(
                    "dislodged " + phase + " " + describe(position.getDislodgedUnit(province), province));
            }
            for (Province province : position.getOwnedSupplyCenters()) {
                System.out.println("centre " + phase + " " + province.getShortName() + " "
                    + position.getSupplyCenterOwner(province).getName());
            }
        }
    }

    private static String describe(Unit unit, Province province) {
        String where = province.getShortName();
        if (unit.getCoast() != null && unit.getCoast().isDirectional()) {
            where += "/" + unit.getCoast().getAbbreviation();
        }
        return unit.getPower().getName() + " " + unit.getType().getShortName() + " " + where;
    }
}
